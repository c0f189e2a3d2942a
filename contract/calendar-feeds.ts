// Calendar feeds (decision 029): limits and addresses, without zod, so pages that only link a feed do not
// download the schemas (contract/calendar.ts has those).

/** How many events one feed holds at most, and how far back it reaches. */
export const CALENDAR_LIMITS = {
  maxEvents: 300,
  /** Atom: the next upcoming events. */
  atomEntries: 50,
  /** Events that ended up to this many days ago are still in the iCalendar feeds. */
  pastDays: 30,
  /** A place's events: events whose point is within this many metres of the place. */
  placeRadiusM: 150,
  /** REFRESH-INTERVAL / X-PUBLISHED-TTL and the Cache-Control max-age of public feeds. */
  refreshMinutes: 60,
  personalRefreshMinutes: 30,
} as const

/** webcal:// for an http(s) address (calendar apps subscribe to it). */
export function webcalUrl(url: string): string {
  return url.replace(/^https?:\/\//i, 'webcal://')
}

/** The public feeds' addresses, for the web's links. */
export const calendarFeedPaths = {
  organizer: (userId: string) => `/calendar/organizer/${encodeURIComponent(userId)}.ics`,
  place: (placeId: string) => `/calendar/place/${encodeURIComponent(placeId)}.ics`,
  collection: (slug: string, format: 'ics' | 'atom' = 'ics') => `/calendar/collection/${encodeURIComponent(slug)}.${format}`,
  group: (handle: string, format: 'ics' | 'atom' = 'ics') => `/calendar/group/${encodeURIComponent(handle)}.${format}`,
  city: (query: { city?: string; categories?: readonly string[] }, format: 'ics' | 'atom' = 'ics') => {
    const params = new URLSearchParams()
    if (query.city) params.set('city', query.city)
    if (query.categories?.length) params.set('categories', query.categories.join(','))
    const search = params.toString()
    return `/calendar/city.${format}${search ? `?${search}` : ''}`
  },
}
