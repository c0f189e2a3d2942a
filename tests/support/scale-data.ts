// A city grown to N events, for `npm run bench:scale` and the query-plan tests: N posts (a tenth of them
// places) and N users, spread like a real region's: most events in Belgrade, the rest in the towns around
// it (one small town with half a percent of them), Russia's two capitals; starts from a year ago to a year
// ahead; a third without an end, a few lasting days or months, a few undated; every status the console
// filters by; categories, photos, participants, likes, follows, reports and log entries. Deterministic for a
// given N (seeded random), written with plain batched inserts (the generated columns and the search tables'
// triggers fill themselves).
import crypto from 'node:crypto'
import type { Insertable, Kysely } from 'kysely'
import { CATEGORIES, CURRENCIES, REPORT_REASONS } from '../../contract/index'
import type { Database } from '../../api/db/schema'
import { hashPassword } from '../../api/lib/passwords'

export const SCALE_PASSWORD = 'scale-secret-1'
export const SCALE_FEED_TOKEN = 'scale-member-feed-token-0123456789abcdef'

/** Places the lists are asked about. */
export const SCALE_PLACES = {
  belgrade: { lat: 44.80401, lon: 20.46513 },
  /** A town of 0.5 % of the events, 70 km from Belgrade. */
  smallTown: { lat: 45.1167, lon: 21.3036 },
} as const

const CITIES: { lat: number; lon: number; weight: number; name: string }[] = [
  { name: 'Belgrade', ...SCALE_PLACES.belgrade, weight: 0.55 },
  { name: 'Pančevo', lat: 44.8708, lon: 20.6403, weight: 0.04 },
  { name: 'Novi Sad', lat: 45.2671, lon: 19.8335, weight: 0.12 },
  { name: 'Zrenjanin', lat: 45.3816, lon: 20.3686, weight: 0.02 },
  { name: 'Niš', lat: 43.3209, lon: 21.8958, weight: 0.07 },
  { name: 'Kragujevac', lat: 44.0128, lon: 20.9114, weight: 0.04 },
  { name: 'Subotica', lat: 46.1, lon: 19.6667, weight: 0.025 },
  { name: 'Vršac', ...SCALE_PLACES.smallTown, weight: 0.005 },
  { name: 'Moscow', lat: 55.7558, lon: 37.6173, weight: 0.1 },
  { name: 'Saint Petersburg', lat: 59.9386, lon: 30.3141, weight: 0.05 },
]

const FIRST = ['Ana', 'Marko', 'Jelena', 'Nikola', 'Milica', 'Stefan', 'Ivan', 'Maria', 'Olga', 'Dmitry', 'Petar', 'Jovana', 'Luka', 'Sofia', 'Aleksandar', 'Teodora', 'Анна', 'Иван', 'Ольга', 'Дмитрий', 'Мария', 'Сергей', 'Елена', 'Алексей']
const LAST = ['Petrović', 'Jovanović', 'Nikolić', 'Marković', 'Ilić', 'Lazić', 'Stojanović', 'Pavlović', 'Smirnov', 'Ivanov', 'Kuznetsov', 'Popov', 'Смирнов', 'Иванов', 'Кузнецов', 'Попов', 'Соколов', 'Морозов']
const WHAT = ['Jazz night', 'Pottery class', 'Board games', 'Stand-up evening', 'Photo walk', 'Kids workshop', 'Film club', 'Chamber concert', 'Book swap', 'Theatre premiere', 'Lecture', 'Wine tasting', 'Концерт', 'Выставка', 'Мастер-класс', 'Кинопоказ']
const WHERE = ['on the river', 'downtown', 'in the park', 'at the library', 'в галерее', 'на набережной', 'at the old fortress', 'in the yard']

const DAY = 86_400_000
/** About how many posts the busiest organizer made, and how many events the member joined, at every size. */
const ORGANIZER_EVENTS = 300
const MEMBER_EVENTS = 150

/** A deterministic generator of numbers in [0, 1) (mulberry32). */
export function seededRandom(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = Math.imul(a ^ (a >>> 15), a | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function uuidFrom(next: () => number): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(next() * 16).toString(16)).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}

/** The seeded collections' slugs. */
export const SCALE_COLLECTIONS = { category: 'scale-kids', organizer: 'scale-organizer', words: 'scale-jazz' } as const

export interface ScaleIdentities {
  /** superAdmin: the console. */
  admin: { id: string; email: string }
  /** The busiest organizer: the "my" tab, a profile's posts, the widget, an organizer's feed. */
  organizer: { id: string; email: string }
  /** A person with notifications. */
  member: { id: string; email: string }
}

/** Fills an empty, migrated database with `events` posts and as many users. */
export async function seedScale(db: Kysely<Database>, events: number, now = Date.now()): Promise<ScaleIdentities> {
  const next = seededRandom(events)
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T
  const iso = (ms: number) => new Date(ms).toISOString()
  const chance = (p: number) => next() < p
  const passwordHash = await hashPassword(SCALE_PASSWORD)
  const BATCH = 400
  const insert = async <T extends keyof Database>(table: T, rows: Insertable<Database[T]>[]) => {
    for (let i = 0; i < rows.length; i += BATCH)
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      await db.insertInto(table).values(rows.slice(i, i + BATCH) as any).execute()
  }

  // People: the first three are the bench's identities, the next twentieth organize most events.
  const userCount = Math.max(events, 100)
  const users: Insertable<Database['users']>[] = []
  for (let i = 0; i < userCount; i += 1) {
    const first = pick(FIRST)
    const last = pick(LAST)
    const created = now - next() * 730 * DAY
    const ascii = `${first}${last}`.normalize('NFD').replace(/[^a-z]/gi, '').toLowerCase()
    const username = `${ascii || 'user'}${i}`
    const status = next()
    users.push({
      id: uuidFrom(next),
      email: `${username}@example.com`,
      password_hash: i < 3 ? passwordHash : null,
      google_sub: null,
      name: first,
      lastname: last,
      username,
      phone: null,
      profession: chance(0.3) ? pick(['Designer', 'Engineer', 'Musician', 'Teacher', 'Фотограф']) : null,
      user_bio: null,
      role: i === 0 ? 'superAdmin' : i < 5 ? 'admin' : 'user',
      avatar_name: null,
      avatar_path: null,
      facebook: null,
      instagram: null,
      vk: null,
      moderation_status: i < 3 ? 'APPROVED' : status < 0.85 ? 'APPROVED' : status < 0.95 ? 'PENDING' : 'REJECTED',
      moderation_image_status: chance(0.9) ? 'APPROVED' : 'PENDING',
      is_activated: i < 3 || chance(0.97) ? 1 : 0,
      city_name: null,
      city_lat: null,
      city_lon: null,
      locale: chance(0.5) ? 'en' : 'ru',
      disabled_at: i >= 5 && chance(0.01) ? iso(created + DAY) : null,
      deletion_requested_at: null,
      created_at: iso(created),
      updated_at: iso(created + next() * (now - created)),
    })
  }
  await insert('users', users)
  const userIds = users.map((u) => u.id)
  const organizers = userIds.slice(3, 3 + Math.max(20, Math.floor(userCount / 20)))
  const identities: ScaleIdentities = {
    admin: { id: userIds[0]!, email: users[0]!.email! },
    organizer: { id: userIds[1]!, email: users[1]!.email! },
    member: { id: userIds[2]!, email: users[2]!.email! },
  }

  const totalWeight = CITIES.reduce((sum, c) => sum + c.weight, 0)
  const cityPoint = () => {
    let r = next() * totalWeight
    const city = CITIES.find((c) => (r -= c.weight) < 0) ?? CITIES[0]!
    // Within ~12 km of the centre (a sum of uniforms: denser in the middle).
    const spread = () => (next() + next() + next() - 1.5) * 0.22
    return { city, lat: city.lat + spread(), lon: city.lon + spread() / Math.cos((city.lat * Math.PI) / 180) }
  }

  const posts: Insertable<Database['posts']>[] = []
  const images: Insertable<Database['post_images']>[] = []
  const categories: Insertable<Database['post_categories']>[] = []
  const participants: Insertable<Database['post_participants']>[] = []
  const likes: Insertable<Database['post_likes']>[] = []
  for (let i = 0; i < events; i += 1) {
    const id = uuidFrom(next)
    const place = i % 10 === 9
    // The organizer made about ORGANIZER_EVENTS of the posts whatever the size (one venue's programme does not
    // grow with the region); the rest mostly by the busiest organizers.
    const author = chance(Math.min(0.3, ORGANIZER_EVENTS / events)) ? identities.organizer.id : organizers[Math.floor(organizers.length * next() * next())]!
    const { city, lat, lon } = cityPoint()
    let start: number | null = null
    let end: number | null = null
    if (!place) {
      const kind = next()
      start = Math.round((now + (next() * 730 - 365) * DAY) / 900_000) * 900_000
      if (kind < 0.3) end = null
      else if (kind < 0.9) end = start + (1 + Math.floor(next() * 5)) * 3_600_000
      else if (kind < 0.97) end = start + (1.5 + next() * 6) * DAY
      else if (kind < 0.995) end = start + (20 + next() * 100) * DAY
      else start = null
    }
    const created = Math.min(now, (start ?? now) - next() * 60 * DAY)
    const updated = created + next() * (now - created) * 0.2
    const moderation = next()
    const paid = chance(0.5)
    posts.push({
      id,
      title: `${pick(WHAT)} ${pick(WHERE)} #${i + 1}`,
      description: `${city.name}: a generated ${place ? 'place' : 'event'} with a description of ordinary length for a card.`,
      event_type: place ? 'PLACE' : 'EVENT',
      access_type: place || chance(0.85) ? 'COMMON' : chance(0.5) ? 'SUBSCRIBERS' : 'PRIVATE',
      // One event in twenty online or hybrid (issue 43): the lists' Online switch.
      attendance_mode: place || !chance(0.05) ? 'IN_PERSON' : chance(0.5) ? 'ONLINE' : 'HYBRID',
      // One post in ten says it is step-free, some of those have a hearing loop too.
      accessibility: chance(0.1) ? (chance(0.3) ? 'stepFree,hearingLoop' : 'stepFree') : '',
      start_date: start === null ? null : iso(start),
      end_date: end === null ? null : iso(end),
      address: `Street ${1 + Math.floor(next() * 200)}, ${city.name}`,
      lat,
      lon,
      channel_link: null,
      max_participants: !place && chance(0.3) ? 10 + Math.floor(next() * 90) : null,
      price_donation: paid ? 0 : 1,
      price_amount: paid ? Math.round(next() * 5000) : null,
      price_currency: paid ? pick(CURRENCIES) : null,
      price_range: null,
      posted_by: author,
      created_by: author,
      moderation_status: moderation < 0.85 ? 'APPROVED' : moderation < 0.95 ? 'PENDING' : 'REJECTED',
      moderation_image_status: chance(0.9) ? 'APPROVED' : 'PENDING',
      post_status: chance(0.97) ? 'ACTIVE' : 'DELETED',
      cancelled_at: null,
      cancel_message: null,
      rescheduled_at: null,
      previous_start_date: null,
      created_at: iso(created),
      updated_at: iso(updated),
    })
    images.push({ id: uuidFrom(next), post_id: id, name: `${id}.webp`, path: `/uploads/posts/${id}.webp`, thumb_path: `/uploads/posts/${id}-thumb.webp`, position: 0, created_at: iso(created) })
    const first = pick(CATEGORIES)
    categories.push({ post_id: id, category: first })
    const second = pick(CATEGORIES)
    if (second !== first && chance(0.4)) categories.push({ post_id: id, category: second })
    const taken = new Set<string>()
    if (!place && chance(0.1)) for (let k = 0; k < 1 + Math.floor(next() * 5); k += 1) taken.add(pick(userIds))
    // The member joins about MEMBER_EVENTS events whatever the size (their personal calendar feed: a person
    // does not go out more because the region has more events).
    if (!place && chance(Math.min(0.5, MEMBER_EVENTS / (0.9 * events)))) taken.add(identities.member.id)
    for (const user of taken) participants.push({ post_id: id, user_id: user, created_at: iso(created) })
    if (chance(0.1)) likes.push({ post_id: id, user_id: pick(userIds), created_at: iso(updated) })
  }
  await insert('posts', posts)
  await insert('post_images', images)
  await insert('post_categories', categories)
  await insert('post_participants', participants)
  await insert('post_likes', likes)

  // Everyone follows two organizers; the member follows the organizer.
  const follows = new Map<string, Insertable<Database['follows']>>()
  for (const follower of userIds)
    for (let k = 0; k < 2; k += 1) {
      const followee = pick(organizers)
      if (followee !== follower) follows.set(`${follower}:${followee}`, { follower_id: follower, followee_id: followee, created_at: iso(now - next() * 365 * DAY) })
    }
  follows.set(`${identities.member.id}:${identities.organizer.id}`, { follower_id: identities.member.id, followee_id: identities.organizer.id, created_at: iso(now - DAY) })
  await insert('follows', [...follows.values()])

  const reports: Insertable<Database['reports']>[] = []
  const reported = new Set<string>()
  for (let i = 0; i < Math.max(10, events / 50); i += 1) {
    const post = pick(posts)
    const reporter = pick(userIds)
    const open = chance(0.4)
    // One open report per reporter and target (reports_open_once_idx).
    if (open && reported.has(`${reporter}:${post.id}`)) continue
    reported.add(`${reporter}:${post.id}`)
    const created = now - next() * 365 * DAY
    reports.push({
      id: uuidFrom(next),
      target_type: 'POST',
      target_id: post.id,
      reporter_id: reporter,
      reason: pick(REPORT_REASONS),
      details: null,
      status: open ? 'OPEN' : chance(0.7) ? 'RESOLVED' : 'DISMISSED',
      created_at: iso(created),
      updated_at: iso(created),
      resolved_at: open ? null : iso(created + next() * DAY),
      resolved_by: open ? null : identities.admin.id,
      resolution_note: null,
      resolution_action: null,
    })
  }
  await insert('reports', reports)

  const log: Insertable<Database['moderation_log']>[] = []
  for (let i = 0; i < events / 10; i += 1) {
    const post = pick(posts)
    log.push({
      id: uuidFrom(next),
      actor_id: identities.admin.id,
      target_type: 'POST',
      target_id: post.id!,
      field: 'moderationStatus',
      from_value: 'PENDING',
      to_value: post.moderation_status!,
      reason: null,
      created_at: iso(now - next() * 365 * DAY),
    })
  }
  await insert('moderation_log', log)

  const notifications: Insertable<Database['notifications']>[] = []
  for (let i = 0; i < 300; i += 1)
    notifications.push({
      id: crypto.randomUUID(),
      recipient_id: identities.member.id,
      notification_type: 'newPost',
      user_from: identities.organizer.id,
      entity_id: pick(posts).id!,
      opened_at: i < 280 ? iso(now - i * 3_600_000) : null,
      created_at: iso(now - i * 3_600_000),
      moderation_log_id: null,
      reminder_kind: null,
    })
  await insert('notifications', notifications)
  // The member's personal calendar feed, at a known address.
  await insert('calendar_tokens', [{ user_id: identities.member.id, token: SCALE_FEED_TOKEN, created_at: iso(now) }])
  // Curated collections (issue 43): one by a category with a few picks, one by the busiest organizer, one of words.
  const collection = (slug: string, rules: { categories?: string[]; organizer_ids?: string[]; words?: string }) => ({
    id: uuidFrom(next),
    slug,
    name: slug,
    description: '',
    categories: JSON.stringify(rules.categories ?? []),
    organizer_ids: JSON.stringify(rules.organizer_ids ?? []),
    place_ids: '[]',
    words: rules.words ?? null,
    starts_from: null,
    starts_until: null,
    created_by: identities.admin.id,
    created_at: iso(now),
    updated_at: iso(now),
  })
  const collections = [
    collection(SCALE_COLLECTIONS.category, { categories: ['kids'] }),
    collection(SCALE_COLLECTIONS.organizer, { organizer_ids: [identities.organizer.id] }),
    collection(SCALE_COLLECTIONS.words, { words: 'jazz' }),
  ]
  await insert('collections', collections)
  await insert(
    'collection_events',
    posts.slice(0, 5).map((post) => ({ collection_id: collections[0]!.id, post_id: post.id!, added_at: iso(now) })),
  )
  return identities
}
