// Reading a remote ActivityStreams Event: what we keep of it (name, times, place, words, tags, photos).
import { Document, type Event, Hashtag, Image, Link, Place } from '@fedify/vocab'
import type { DocumentLoader } from '@fedify/vocab-runtime'
import { CATEGORIES, EVENT_LIMITS, LANGUAGES, LIMITS, translateMessage } from '#contract'
import { urlProblem } from '../lib/outbound-fetch'
import { CANCELLED_TAG } from './objects'
import { remoteHtmlToText, sanitizeRemoteHtml, text } from './sanitize'

/** How many of a remote event's tags and attachments are looked at. */
const MAX_TAGS = 20
const MAX_ATTACHMENTS = 10

/** What a remote Event gives us, ready to store. */
export interface RemoteEventFields {
  title: string
  description: string
  html: string | null
  startDate: string | null
  endDate: string | null
  address: string
  lat: number
  lon: number
  url: string
  cancelled: boolean
  categories: string[]
  images: { url: string; name: string }[]
}

export const iso = (instant: { toString(): string } | null | undefined): string | null => {
  if (!instant) return null
  const time = Date.parse(instant.toString())
  return Number.isNaN(time) ? null : new Date(time).toISOString()
}

/** The "Cancelled: {title}" names another Nearby gives a cancelled event, in each language, as prefixes to strip. */
const CANCELLED_PREFIXES = LANGUAGES.map(
  (language) => translateMessage('apCancelledName', language).split('{title}')[0]!,
)

const linkOf = (url: URL | Link | null | undefined): URL | null =>
  url instanceof URL ? url : url instanceof Link ? url.href : null

/** Reads what we keep of a remote Event; null when it cannot be shown (no name, or no place on the map). */
export async function fieldsOf(
  event: Event,
  loader: DocumentLoader,
  allowPrivate: boolean,
): Promise<RemoteEventFields | null> {
  const options = { documentLoader: loader, contextLoader: loader, suppressError: true }
  let title = text(event.name).replace(/\s+/g, ' ').trim()
  const tags: string[] = []
  let looked = 0
  for await (const tag of event.getTags(options)) {
    // A hostile server could list thousands (each a fetch when given as a link): the first few are enough.
    if (++looked > MAX_TAGS) break
    if (tag instanceof Hashtag) tags.push(text(tag.name).replace(/^#/, ''))
  }
  const cancelled = tags.some((t) => `#${t.toLowerCase()}` === CANCELLED_TAG)
  if (cancelled)
    for (const prefix of CANCELLED_PREFIXES)
      if (prefix && title.startsWith(prefix)) title = title.slice(prefix.length)
  title = title.slice(0, EVENT_LIMITS.titleMax)
  if (!title) return null
  const location = await event.getLocation(options).catch(() => null)
  if (!(location instanceof Place) || location.latitude === null || location.longitude === null) return null
  const [lat, lon] = [Number(location.latitude), Number(location.longitude)]
  if (!Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180) return null
  const rawHtml = text(event.content) || text(event.summary)
  const startDate = iso(event.startTime)
  let endDate = iso(event.endTime)
  if (endDate && startDate && endDate < startDate) endDate = null
  const page = linkOf(event.url)
  const images: { url: string; name: string }[] = []
  looked = 0
  for await (const attachment of event.getAttachments(options)) {
    if (images.length >= LIMITS.eventImages || ++looked > MAX_ATTACHMENTS) break
    if (!(attachment instanceof Document || attachment instanceof Image)) continue
    const url = linkOf(attachment.url as URL | Link | null)
    if (
      !url ||
      urlProblem(url, allowPrivate) ||
      (attachment.mediaType && !attachment.mediaType.startsWith('image/'))
    )
      continue
    images.push({ url: url.href, name: text(attachment.name).slice(0, 300) || title })
  }
  const known = new Map(CATEGORIES.map((c) => [c.toLowerCase(), c]))
  return {
    title,
    description: remoteHtmlToText(rawHtml).slice(0, EVENT_LIMITS.descriptionMax),
    html: rawHtml ? sanitizeRemoteHtml(rawHtml) : null,
    startDate,
    endDate,
    address: (text(location.name) || title).replace(/\s+/g, ' ').trim().slice(0, 300),
    lat,
    lon,
    url: page && /^https?:$/.test(page.protocol) ? page.href : event.id!.href,
    cancelled,
    categories: [
      ...new Set(
        tags.map((t) => known.get(t.toLowerCase())).filter((c): c is (typeof CATEGORIES)[number] => !!c),
      ),
    ],
    images,
  }
}
