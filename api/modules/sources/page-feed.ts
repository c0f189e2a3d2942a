// A web page's events (issue 42): schema.org Event objects in its JSON-LD (an event's own page, a venue's
// programme with an @graph or an ItemList) and h-event microformats (read with microformats-parser), as the items a
// sync compares. Dates with an offset are instants; a date alone is an all-day event; a time without an offset is
// read in the site's zone.
import { mf2 } from 'microformats-parser'
import { EVENT_LIMITS } from '#contract'
import { startAt } from '../series/recurrence'
import { addItem, clip, DAY_MS, FeedError, type FeedItem, onlineLink, onlineOf, type ParsedFeed } from './feed'
import type { ReadOptions } from './ical-feed'

type Json = Record<string, unknown>

const str = (value: unknown): string | null => {
  const first = Array.isArray(value) ? value[0] : value
  if (typeof first === 'string') return first.trim() || null
  if (first && typeof first === 'object' && typeof (first as Json).value === 'string') return ((first as Json).value as string).trim() || null
  return null
}
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' }
const decode = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1]?.toLowerCase() === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10)
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : whole
    }
    return ENTITIES[name.toLowerCase()] ?? whole
  })
/** A page's text without its markup (JSON-LD descriptions are often HTML, sometimes entity-encoded HTML). */
const plain = (html: string) => decode(decode(html).replace(/<[^>]*>/g, ' ')).replace(/\s+/g, ' ').trim()

/** An ISO instant of a schema.org or microformats date, and whether it was a date alone. */
function instant(value: string | null, timeZone: string): { iso: string; dateOnly: boolean } | null {
  if (!value) return null
  const text = value.trim().replace(' ', 'T')
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return { iso: startAt(text, '00:00', timeZone), dateOnly: true }
  const local = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}(?::\d{2})?)$/.exec(text)
  if (local) return { iso: startAt(local[1]!, local[2]!, timeZone), dateOnly: false }
  const parsed = Date.parse(text)
  return Number.isNaN(parsed) ? null : { iso: new Date(parsed).toISOString(), dateOnly: false }
}

function coordinatesOf(lat: unknown, lon: unknown): [number, number] | null {
  const y = Number(str(lat) ?? lat)
  const x = Number(str(lon) ?? lon)
  return Number.isFinite(x) && Number.isFinite(y) && Math.abs(y) <= 90 && Math.abs(x) <= 180 && !(x === 0 && y === 0) ? [x, y] : null
}

function imageUrls(value: unknown, base: URL): string[] {
  const list = Array.isArray(value) ? value : value ? [value] : []
  return list
    .map((image) => (typeof image === 'string' ? image : image && typeof image === 'object' ? str((image as Json).url) ?? str((image as Json).value) : null))
    .filter((url): url is string => !!url)
    .map((url) => new URL(url, base).href)
    .filter((url) => /^https?:/.test(url))
}

/** The item, or null when it has no name or start (the reason goes to skipped). */
function itemOf(
  fields: Pick<FeedItem, 'cancelled' | 'address' | 'coordinates' | 'url' | 'categories' | 'images'> & {
    id: string | null
    name: string | null
    description: string | null
    start: string | null
    end: string | null
    /** The link to take part online (schema.org VirtualLocation), when the page gives one. */
    onlineUrl?: string | null
  },
  options: ReadOptions,
  out: ParsedFeed,
) {
  if (!fields.name) return void out.skipped.push({ ref: fields.url ?? fields.id ?? '', reason: 'importNoTitle' })
  const start = instant(fields.start, options.timeZone)
  if (!start) return void out.skipped.push({ ref: fields.name, reason: 'importNoStart' })
  const end = instant(fields.end, options.timeZone)
  let endDate = end?.iso ?? null
  if (start.dateOnly) {
    // A date alone: the event lasts to the end of its last day.
    const last = end ? Date.parse(end.iso) + (end.dateOnly ? DAY_MS : 0) : Date.parse(start.iso) + DAY_MS
    endDate = new Date(Math.max(last, Date.parse(start.iso) + DAY_MS) - 60_000).toISOString()
  } else if (endDate && Date.parse(endDate) <= Date.parse(start.iso)) endDate = null
  addItem(out, {
    // A page's event has no UID: its own id or address, else its name and start.
    key: fields.id ?? fields.url ?? `${fields.name}@${start.iso}`,
    uid: fields.id ?? fields.url ?? fields.name,
    title: clip(fields.name, EVENT_LIMITS.titleMax),
    description: clip(fields.description ?? fields.name, EVENT_LIMITS.descriptionMax),
    startDate: start.iso,
    endDate,
    allDay: start.dateOnly,
    cancelled: fields.cancelled,
    address: fields.address ? clip(fields.address, EVENT_LIMITS.addressMax) : null,
    coordinates: fields.coordinates,
    url: fields.url,
    categories: fields.categories,
    images: fields.images,
    online: onlineOf(fields.onlineUrl ?? null, Boolean(fields.address || fields.coordinates)),
  }, options)
}

const isEventType = (type: unknown) => [type].flat().some((t) => typeof t === 'string' && /Event$|^Festival$/.test(t.replace(/^.*[/:]/, '')))

/** Every schema.org Event of a JSON-LD value: top level, @graph, ItemList elements, an array. */
function jsonLdEvents(value: unknown, found: Json[] = []): Json[] {
  if (Array.isArray(value)) for (const entry of value) jsonLdEvents(entry, found)
  else if (value && typeof value === 'object') {
    const object = value as Json
    if (isEventType(object['@type'])) found.push(object)
    if (object['@graph']) jsonLdEvents(object['@graph'], found)
    if (object.itemListElement) jsonLdEvents(object.itemListElement, found)
    if (object.item && typeof object.item === 'object') jsonLdEvents(object.item, found)
  }
  return found
}

function readJsonLd(html: string, base: URL, options: ReadOptions, out: ParsedFeed): number {
  const blocks = [...html.matchAll(/<script[^>]*type\s*=\s*["']?application\/ld\+json["']?[^>]*>([\s\S]*?)<\/script>/gi)]
  let count = 0
  for (const [, body] of blocks) {
    let parsed: unknown
    try {
      parsed = JSON.parse(body!)
    } catch {
      out.skipped.push({ ref: base.href, reason: 'importUnreadable' })
      continue
    }
    for (const event of jsonLdEvents(parsed)) {
      count++
      // A VirtualLocation is the link to take part online; the place, if any, is the other location.
      const locations = [event.location].flat() as (Json | string | undefined)[]
      const isVirtual = (l: Json | string | undefined) => typeof l === 'object' && l !== null && /VirtualLocation$/.test(String(l['@type'] ?? ''))
      const virtual = locations.find(isVirtual) as Json | undefined
      const location = locations.find((l) => !isVirtual(l))
      const place = typeof location === 'object' && location ? location : null
      const address = place?.address
      const addressText =
        typeof location === 'string'
          ? location
          : address && typeof address === 'object'
            ? ['streetAddress', 'addressLocality', 'addressRegion', 'addressCountry'].map((k) => str((address as Json)[k])).filter(Boolean).join(', ')
            : [str(place?.name), str(address)].filter(Boolean).join(', ')
      const geo = place?.geo as Json | undefined
      itemOf(
        {
          id: str(event['@id']),
          name: str(event.name) ? plain(str(event.name)!) : null,
          description: str(event.description) ? plain(str(event.description)!) : null,
          start: str(event.startDate),
          end: str(event.endDate),
          cancelled: /EventCancelled$/.test(String(event.eventStatus ?? '')),
          address: addressText || null,
          coordinates: geo ? coordinatesOf(geo.latitude, geo.longitude) : null,
          url: str(event.url) ? new URL(str(event.url)!, base).href : null,
          categories: [event.keywords].flat().flatMap((k) => (typeof k === 'string' ? k.split(',') : [])).map((k) => k.trim()).filter(Boolean),
          images: imageUrls(event.image, base),
          onlineUrl: virtual ? onlineLink(str(virtual.url) ? new URL(str(virtual.url)!, base).href : null) : null,
        },
        options,
        out,
      )
    }
  }
  return count
}

type Mf2Item = { type?: string[]; properties?: Record<string, unknown[]>; value?: unknown }

function readMicroformats(html: string, base: URL, options: ReadOptions, out: ParsedFeed) {
  let parsed: ReturnType<typeof mf2>
  try {
    parsed = mf2(html, { baseUrl: base.href })
  } catch {
    return 0 // The parser refuses some documents (no <head>, say): no h-event read.
  }
  const events: Mf2Item[] = []
  const walk = (items: Mf2Item[]) => {
    for (const item of items) {
      if (item.type?.includes('h-event')) events.push(item)
      walk(((item as { children?: Mf2Item[] }).children ?? []) as Mf2Item[])
    }
  }
  walk(parsed.items as Mf2Item[])
  for (const event of events) {
    const p = event.properties ?? {}
    const location = p.location?.[0] as Mf2Item | string | undefined
    const locationProps = typeof location === 'object' ? (location.properties ?? {}) : {}
    const geo = (locationProps.geo?.[0] as Mf2Item | undefined)?.properties ?? locationProps
    const addressParts = ['name', 'street-address', 'locality', 'country-name'].map((k) => str(locationProps[k])).filter(Boolean)
    itemOf(
      {
        id: null,
        name: str(p.name),
        description: str(p.description) ?? str(p.summary),
        start: str(p.start),
        end: str(p.end),
        cancelled: false,
        address: typeof location === 'string' ? location : addressParts.join(', ') || (location ? str(location.value) : null),
        coordinates: coordinatesOf(geo.latitude?.[0], geo.longitude?.[0]),
        url: str(p.url),
        categories: (p.category ?? []).map((c) => str([c])).filter((c): c is string => !!c),
        images: imageUrls(p.photo, base),
      },
      options,
      out,
    )
  }
  return events.length
}

/** The page's events: JSON-LD first (the richer one), else h-event; a page with neither is refused. */
export function readPage(html: string, pageUrl: string, options: ReadOptions): ParsedFeed {
  const base = new URL(pageUrl)
  const out: ParsedFeed = { items: [], skipped: [] }
  if (readJsonLd(html, base, options, out) === 0 && readMicroformats(html, base, options, out) === 0)
    throw new FeedError('importNotCalendar')
  return out
}

