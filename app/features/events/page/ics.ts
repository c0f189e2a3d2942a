// "Add to calendar": one event as an RFC 5545 iCalendar object (VCALENDAR with one VEVENT). The builder is the
// one the API's calendar feeds use (contract/ical.ts, decision 029): same UID, SEQUENCE and status everywhere.
import { buildCalendar, type Event, type IcalEvent } from '#contract'

export { defaultEnd, escapeText, foldLine, formatUtc, ICS_CONTENT_TYPE } from '#contract'

/** A safe file name for Content-Disposition: ASCII letters, digits and dashes. */
export function icsFileName(event: Pick<Event, '_id' | 'title'>): string {
  const slug = event.title
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 50)
  return `${slug || 'event'}-${event._id.slice(0, 8)}.ics`
}

export type IcsEvent = Pick<
  Event,
  '_id' | 'title' | 'description' | 'startDate' | 'endDate' | 'address' | 'coordinates' | 'categories' | 'updatedAt'
> &
  Partial<Pick<Event, 'attendanceMode' | 'onlineUrl'>> &
  Partial<Pick<IcalEvent, 'sequence' | 'cancelledAt' | 'cancelMessage'>> & {
    postedBy?: Pick<Event['postedBy'], 'name' | 'lastname'>
  }

export type IcsOptions = {
  /** The event page's absolute URL. */
  url: string
  /** The host that makes UIDs globally unique (e.g. nearby.app). */
  host: string
  now?: Date
  /** "Online" and "In person and online" in the viewer's language, for an event online. */
  onlineLabels?: { ONLINE: string; HYBRID: string }
}

/** The calendar of one event; null when it has no start date (places, undated events). */
export function buildIcs(event: IcsEvent, options: IcsOptions): string | null {
  if (!event.startDate || Number.isNaN(Date.parse(event.startDate))) return null
  return buildCalendar(
    [
      {
        id: event._id,
        title: event.title,
        description: event.description,
        startDate: event.startDate,
        endDate: event.endDate,
        address: event.address,
        coordinates: event.coordinates,
        categories: event.categories,
        url: options.url,
        updatedAt: event.updatedAt,
        sequence: event.sequence,
        cancelledAt: event.cancelledAt,
        cancelMessage: event.cancelMessage,
        online:
          (event.attendanceMode === 'ONLINE' || event.attendanceMode === 'HYBRID') && options.onlineLabels
            ? { mode: event.attendanceMode, label: options.onlineLabels[event.attendanceMode], url: event.onlineUrl }
            : null,
      },
    ],
    { host: options.host, now: options.now },
  )
}
