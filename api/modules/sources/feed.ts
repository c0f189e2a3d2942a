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
