// What a calendar source's reader gives the sync, whatever the format (iCalendar, a page's schema.org Event or
// h-event): dated items keyed for matching with what was imported before, and what was skipped and why.
import { type ApiMessageCode, EVENT_LIMITS } from '#contract'

/** One event (or one date of a recurring one) as a feed describes it. */
export interface FeedItem {
  /** Stable across syncs: the UID, and for a date of a rule its original start (RECURRENCE-ID). */
  key: string
  uid: string
  title: string
  description: string
  startDate: string
  endDate: string | null
  allDay: boolean
  cancelled: boolean
  address: string | null
  /** [lon, lat] */
  coordinates: [number, number] | null
  url: string | null
  /** The feed's own words (matched to our categories by the sync). */
  categories: string[]
  images: string[]
  /** Taking part online (RFC 7986 CONFERENCE, a link as the LOCATION, schema.org VirtualLocation): the link, and
   * ONLINE when the event names no place, HYBRID when it does too; null for an event in person. */
  online: { mode: 'ONLINE' | 'HYBRID'; url: string } | null
}

/** A link to take part online the event form would take too (http(s), a host with a dot, not too long), or null. */
export function onlineLink(value: unknown): string | null {
  if (typeof value !== 'string') return null
  const url = value.trim()
  return url.length <= EVENT_LIMITS.channelLinkMax && /^https?:\/\/[^\s/]+\.[^\s]+$/i.test(url) ? url : null
}

/** The item's way to take part online, from its link and whether it names a place (an address or coordinates). */
export function onlineOf(url: string | null, inPlace: boolean): FeedItem['online'] {
  return url ? { mode: inPlace ? 'HYBRID' : 'ONLINE', url } : null
}

export type SkipReason = Extract<
  ApiMessageCode,
  'importNoTitle' | 'importNoStart' | 'importNoUid' | 'importUnreadable' | 'importNoPlace' | 'importPlaceLater'
>

export interface SkippedItem {
  /** The event's title or UID, to find it in the organizer's calendar. */
  ref: string
  reason: SkipReason
}

export interface ParsedFeed {
  items: FeedItem[]
  skipped: SkippedItem[]
}

/** The feed as a whole cannot be imported: the code says why (shown as the source's last error). */
export class FeedError extends Error {
  constructor(readonly code: ApiMessageCode) {
    super(code)
    this.name = 'FeedError'
  }
}

export const DAY_MS = 86_400_000

/** A feed's text cut to one of our limits. */
export const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text)

/**
 * Adds an item a reader built, unless it ended before this sync (nothing to import; one already imported stays as it
 * was: an event without an end lasts our default duration); past the feed's limit the whole feed is refused.
 */
export function addItem(out: ParsedFeed, item: FeedItem, options: { now: Date; maxEvents: number }) {
  const ends = Date.parse(item.endDate ?? item.startDate) + (item.endDate ? 0 : EVENT_LIMITS.defaultDurationMs)
  if (ends < options.now.getTime()) return
  if (out.items.length >= options.maxEvents) throw new FeedError('importTooManyEvents')
  out.items.push(item)
}
