// Our events as ActivityStreams objects, and the rule (with its SQL twin) for what may leave the server.
//
// Our events as ActivityStreams `Event`s (decision 039). Mastodon shows an Event as its name, its content and a
// link, so the content writes out the date, the place and the price; other servers (another Nearby, Gancio,
// Mobilizon) read startTime, endTime, location, attachments and tags.
import { Temporal } from '@js-temporal/polyfill'
import { Document, Event, Hashtag, Place, PUBLIC_COLLECTION, Tombstone } from '@fedify/vocab'
import { type AccessibilityFeature, formatDateTime, languageOr, translateMessage, type Language } from '#contract'
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely'
import { activeAccounts } from '../access/policy'
import type { Db } from '../db'
import type { Database } from '../db/schema'

/** What leaves the server of an event: public (COMMON), active, not rejected, by an active account who allows it. */
export interface FederatedEventRow {
  id: string
  title: string
  description: string
  event_type: string
  access_type: string
  start_date: string | null
  end_date: string | null
  address: string
  lat: number
  lon: number
  price_donation: number
  price_amount: number | null
  price_currency: string | null
  price_range: string | null
  posted_by: string
  /** The group it is posted as (issue 45), whose actor sends it while the group is active; else null. */
  group_id: string | null
  group_active: boolean
  moderation_status: string
  post_status: string
  cancelled_at: string | null
  created_at: string
  updated_at: string
  /** IN_PERSON, ONLINE or HYBRID: said in words; the link to take part never leaves the server. */
  attendance_mode: string
  /** Accessibility features, comma-separated, and the organizer's words (issue 43): said in the text. */
  accessibility: string
  accessibility_note: string | null
  categories: string[]
  images: { path: string; name: string }[]
  /** The organizer's language: the event's text is written in it. */
  language: Language
}

/** The marker of a cancelled event that another Nearby reads (Mastodon shows it as a hashtag beside the text). */
export const CANCELLED_TAG = '#cancelled'

export async function loadEventRows(db: Db, ids: string[]): Promise<FederatedEventRow[]> {
  if (ids.length === 0) return []
  const [posts, categories, images] = await Promise.all([
    db
      .selectFrom('posts')
      .select([
        'id',
        'title',
        'description',
        'event_type',
        'access_type',
        'start_date',
        'end_date',
        'address',
        'lat',
        'lon',
        'price_donation',
        'price_amount',
        'price_currency',
        'price_range',
        'posted_by',
        'group_id',
        'moderation_status',
        'post_status',
        'cancelled_at',
        'moderation_image_status',
        'created_at',
        'updated_at',
        'attendance_mode',
        'accessibility',
        'accessibility_note',
      ])
      .where('id', 'in', ids)
      .execute(),
    db.selectFrom('post_categories').select(['post_id', 'category']).where('post_id', 'in', ids).execute(),
    db
      .selectFrom('post_images')
      .select(['post_id', 'path', 'name', 'position', 'created_at'])
      .where('post_id', 'in', ids)
      .orderBy('position')
      .orderBy('created_at')
      .execute(),
  ])
  const authors = [...new Set(posts.map((p) => p.posted_by))]
  const groupIds = [...new Set(posts.flatMap((p) => (p.group_id ? [p.group_id] : [])))]
  const [locales, activeGroups] = await Promise.all([
    authors.length ? db.selectFrom('users').select(['id', 'locale']).where('id', 'in', authors).execute() : [],
    groupIds.length
      ? db.selectFrom('groups').select('id').where('id', 'in', groupIds).where('status', '=', 'ACTIVE').execute()
      : [],
  ])
  const order = new Map(ids.map((id, i) => [id, i]))
  return posts
    .map((post) => ({
      ...post,
      lat: Number(post.lat),
      lon: Number(post.lon),
      price_donation: Number(post.price_donation),
      group_active: activeGroups.some((g) => g.id === post.group_id),
      categories: categories.filter((c) => c.post_id === post.id).map((c) => c.category),
      // Photos a moderator rejected stay here (the web hides them from others too).
      images:
        post.moderation_image_status === 'REJECTED'
          ? []
          : images.filter((i) => i.post_id === post.id).map((i) => ({ path: i.path, name: i.name })),
      language: languageOr(locales.find((l) => l.id === post.posted_by)?.locale),
    }))
    .sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0))
}

/**
 * Whether an event may leave the server at all: an EVENT open to everyone, active and not rejected. The author's
 * side (an active, not rejected account that federates its events, or posted it as a group: the group speaks, not
 * the person's own switch) is checked by the caller with the actor's row (actors.ts `user`; outbox.ts
 * `authorAllows`). `federatablePosts` below is the same rule as a query: keep the two together.
 */
export function isFederatable(
  row: Pick<FederatedEventRow, 'event_type' | 'access_type' | 'post_status' | 'moderation_status'>,
): boolean {
  return (
    row.event_type === 'EVENT' &&
    row.access_type === 'COMMON' &&
    row.post_status === 'ACTIVE' &&
    row.moderation_status !== 'REJECTED'
  )
}

/**
 * `isFederatable` as a filter of `posts` joined to its author as `users`, with the author's side in SQL too: the
 * policy's active-account rule (api/access/policy.ts), not rejected, federating its events. The outboxes list
 * with it, so what an outbox shows is exactly what is sent.
 */
export function federatablePosts() {
  return (eb: ExpressionBuilder<Database, 'posts' | 'users'>): Expression<SqlBool> =>
    eb.and([
      eb('posts.event_type', '=', 'EVENT'),
      eb('posts.access_type', '=', 'COMMON'),
      eb('posts.post_status', '=', 'ACTIVE'),
      eb('posts.moderation_status', '!=', 'REJECTED'),
      activeAccounts('users')(eb),
      eb('users.moderation_status', '!=', 'REJECTED'),
      eb.or([eb('users.federate_events', '=', 1), eb('posts.group_id', 'is not', null)]),
    ])
}

const ACCESSIBILITY_TEXTS = {
  stepFree: 'accessibilityStepFree',
  accessibleToilet: 'accessibilityAccessibleToilet',
  hearingLoop: 'accessibilityHearingLoop',
  signLanguage: 'accessibilitySignLanguage',
  quietSpace: 'accessibilityQuietSpace',
  seating: 'accessibilitySeating',
} as const satisfies Record<AccessibilityFeature, Parameters<typeof translateMessage>[0]>

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

function priceText(row: FederatedEventRow, language: Language): string | null {
  if (row.price_donation) return translateMessage('apPriceDonation', language)
  if (row.price_amount === null && !row.price_currency) return null
  if (!row.price_amount) return translateMessage('apPriceFree', language)
  const range = row.price_range === 'FROM' ? 'apPriceFrom' : row.price_range === 'UPTO' ? 'apPriceUpTo' : null
  return `${range ? `${translateMessage(range, language)} ` : ''}${row.price_amount} ${row.price_currency ?? ''}`.trim()
}

/**
 * The event's paragraphs in a language: cancelled?, description, when, where, price. The description's
 * paragraphs are split at blank lines, whatever its line ends: a form sends CRLF (as browsers do), an app LF.
 */
function eventParagraphs(row: FederatedEventRow, language: Language, timeZone: string): { text: string; strong?: boolean }[] {
  const line = (key: Parameters<typeof translateMessage>[0], value: string) => translateMessage(key, language).replace(/\{\w+\}/, value)
  const when = [formatDateTime(row.start_date, language, timeZone), formatDateTime(row.end_date, language, timeZone)]
    .filter(Boolean)
    .join(' – ')
  const price = priceText(row, language)
  // No fediverse vocabulary (Mobilizon's included) has accessibility properties: the text says them.
  const features = row.accessibility
    .split(',')
    .flatMap((feature) => (feature in ACCESSIBILITY_TEXTS ? [translateMessage(ACCESSIBILITY_TEXTS[feature as AccessibilityFeature], language)] : []))
  const accessibility = [features.join(', '), row.accessibility_note?.trim()].filter(Boolean).join('. ')
  return [
    ...(row.cancelled_at ? [{ text: translateMessage('apCancelledLine', language), strong: true }] : []),
    ...row.description
      .replace(/\r\n?/g, '\n')
      .split(/\n[ \t]*\n\s*/)
      .map((p) => p.trim())
      .filter(Boolean)
      .map((text) => ({ text })),
    ...(when ? [{ text: line('apWhen', `${when} (${timeZone})`) }] : []),
    // Online (issue 43): said in words, never the link (participants have it on the event page).
    {
      text: line(
        'apWhere',
        row.attendance_mode === 'ONLINE'
          ? translateMessage('calendarOnline', language)
          : row.attendance_mode === 'HYBRID'
            ? `${row.address} · ${translateMessage('calendarHybrid', language)}`
            : row.address,
      ),
    },
    ...(price ? [{ text: line('apPrice', price) }] : []),
    ...(accessibility ? [{ text: line('apAccessibility', accessibility) }] : []),
  ]
}

/** The event's text as HTML (`content`: what most servers show), ending with the link to its page. */
export function eventContent(row: FederatedEventRow, pageUrl: string, language: Language, timeZone: string): string {
  const paragraphs = eventParagraphs(row, language, timeZone).map(({ text, strong }) => {
    const html = escapeHtml(text).replace(/\n/g, '<br>')
    return `<p>${strong ? `<strong>${html}</strong>` : html}</p>`
  })
  return [...paragraphs, `<p><a href="${escapeHtml(pageUrl)}">${escapeHtml(pageUrl)}</a></p>`].join('')
}

/** The same as plain text (`summary`: Mastodon shows an Event's name, summary and link, as text). */
export function eventSummary(row: FederatedEventRow, language: Language, timeZone: string): string {
  return eventParagraphs(row, language, timeZone)
    .map((p) => p.text)
    .join('\n\n')
}

export interface EventUrls {
  objectId: URL
  pageUrl: string
  attributedTo: URL
  followersOf: URL
  photoUrl: (path: string) => string
  tagUrl: (tag: string) => URL
}

export function toEvent(row: FederatedEventRow, urls: EventUrls, options: { timeZone: string }): Event {
  const { timeZone } = options
  const language = row.language
  const title = row.cancelled_at
    ? translateMessage('apCancelledName', language).replace('{title}', row.title)
    : row.title
  const contentOf = (lang: Language) => eventContent(row, urls.pageUrl, lang, timeZone)
  const tags = row.categories.map(
    (category) =>
      new Hashtag({ href: urls.tagUrl(category), name: `#${category.replace(/[^\p{L}\p{N}_]/gu, '')}` }),
  )
  if (row.cancelled_at) tags.push(new Hashtag({ href: urls.tagUrl('cancelled'), name: CANCELLED_TAG }))
  return new Event({
    id: urls.objectId,
    name: title,
    // Mastodon shows an Event's name, summary and link (not its content); others read the content.
    summary: eventSummary(row, language, timeZone),
    content: contentOf(language),
    startTime: row.start_date ? Temporal.Instant.from(row.start_date) : null,
    endTime: row.end_date ? Temporal.Instant.from(row.end_date) : null,
    // An event online keeps its point (the city it is for: other servers list events by place) under the name "Online".
    location: new Place({ name: row.attendance_mode === 'ONLINE' ? translateMessage('calendarOnline', language) : row.address, latitude: row.lat, longitude: row.lon }),
    attachments: row.images.map(
      (image, i) =>
        new Document({
          url: new URL(urls.photoUrl(image.path)),
          mediaType: /\.png$/i.test(image.path)
            ? 'image/png'
            : /\.jpe?g$/i.test(image.path)
              ? 'image/jpeg'
              : 'image/webp',
          name: translateMessage('apPhotoAlt', language)
            .replace('{n}', String(i + 1))
            .replace('{title}', row.title),
        }),
    ),
    tags,
    url: new URL(urls.pageUrl),
    attribution: urls.attributedTo,
    to: PUBLIC_COLLECTION,
    cc: urls.followersOf,
    published: Temporal.Instant.from(row.created_at),
    updated: Temporal.Instant.from(row.updated_at),
  })
}

export function toTombstone(objectId: URL, deletedAt: Date): Tombstone {
  return new Tombstone({ id: objectId, deleted: Temporal.Instant.fromEpochMilliseconds(deletedAt.getTime()) })
}
