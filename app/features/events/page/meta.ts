// <head> of the event page: title, description, OpenGraph, and a schema.org Event (or Place) as JSON-LD.
import type { MetaDescriptor } from '@remix-run/node'
import { EVENT_LIMITS, WEEK_DAYS, type Event } from '#contract'

const DESCRIPTION_MAX = 200

/** One line of plain text, at most `max` characters (cut at a word, with an ellipsis). */
export function summary(text: string | null | undefined, max = DESCRIPTION_MAX): string {
  const flat = (text ?? '').replace(/\s+/g, ' ').trim()
  if (flat.length <= max) return flat
  const cut = flat.slice(0, max - 1)
  const space = cut.lastIndexOf(' ')
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`
}

export const personName = (user: Pick<Event['postedBy'], 'name' | 'lastname' | 'username'>) =>
  [user.name, user.lastname].filter(Boolean).join(' ').trim() || user.username

const schemaDay: Record<string, string> = Object.fromEntries(
  WEEK_DAYS.map((day) => [day, `https://schema.org/${day[0]!.toUpperCase()}${day.slice(1)}`]),
)

/** schema.org JSON-LD of an event or a place. */
export function eventJsonLd(event: Event, urls: { pageUrl: string; origin: string }): Record<string, unknown> {
  const [lon, lat] = event.coordinates ?? [null, null]
  const place: Record<string, unknown> = {
    '@type': 'Place',
    name: event.eventType === 'PLACE' ? event.title : (event.address ?? event.title),
    ...(event.address ? { address: event.address } : {}),
    ...(lat !== null && lon !== null ? { geo: { '@type': 'GeoCoordinates', latitude: lat, longitude: lon } } : {}),
  }
  const images = event.images.map((image) => image.url)
  const organizer = {
    '@type': 'Person',
    name: personName(event.postedBy),
    url: `${urls.origin}/profile/${encodeURIComponent(event.postedBy._id)}`,
  }
  if (event.eventType === 'PLACE') {
    return {
      '@context': 'https://schema.org',
      ...place,
      name: event.title,
      description: summary(event.description, 500),
      url: urls.pageUrl,
      image: images,
      ...(event.hours.length
        ? {
            openingHoursSpecification: event.hours.map((h) => ({
              '@type': 'OpeningHoursSpecification',
              dayOfWeek: schemaDay[h.day] ?? h.day,
              opens: h.open,
              closes: h.close,
            })),
          }
        : {}),
    }
  }
  const price = event.price
  const offers =
    price && !price.donation && price.currency
      ? {
          '@type': 'Offer',
          price: price.amount ?? 0,
          priceCurrency: price.currency,
          url: urls.pageUrl,
          availability:
            event.maxParticipants !== null && event.participantsCount >= event.maxParticipants
              ? 'https://schema.org/SoldOut'
              : 'https://schema.org/InStock',
        }
      : null
  const endDate =
    event.endDate ??
    (event.startDate ? new Date(Date.parse(event.startDate) + EVENT_LIMITS.defaultDurationMs).toISOString() : null)
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: event.title,
    description: summary(event.description, 500),
    url: urls.pageUrl,
    ...(event.startDate ? { startDate: event.startDate } : {}),
    ...(endDate ? { endDate } : {}),
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: `https://schema.org/${ATTENDANCE_MODE_IRI[event.attendanceMode]}`,
    // Online: a VirtualLocation, with its link only when everyone may see it (the page's meta is public).
    location:
      event.attendanceMode === 'IN_PERSON'
        ? place
        : [...(event.attendanceMode === 'HYBRID' ? [place] : []), { '@type': 'VirtualLocation', url: event.onlineUrlPublic && event.onlineUrl ? event.onlineUrl : urls.pageUrl }],
    image: images,
    organizer,
    ...(event.maxParticipants !== null ? { maximumAttendeeCapacity: event.maxParticipants } : {}),
    ...(offers ? { offers } : {}),
  }
}

const ATTENDANCE_MODE_IRI = {
  IN_PERSON: 'OfflineEventAttendanceMode',
  ONLINE: 'OnlineEventAttendanceMode',
  HYBRID: 'MixedEventAttendanceMode',
} as const

export function eventMeta(event: Event, urls: { pageUrl: string; origin: string }, siteName: string): MetaDescriptor[] {
  const description = summary(event.description) || event.title
  const image = event.images[0]?.url
  return [
    { title: `${event.title} · ${siteName}` },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: urls.pageUrl },
    { property: 'og:site_name', content: siteName },
    // OpenGraph has no event type of its own; "website" is the generic one every consumer knows.
    { property: 'og:type', content: 'website' },
    { property: 'og:title', content: event.title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: urls.pageUrl },
    ...(image ? [{ property: 'og:image', content: image }] : []),
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
    { 'script:ld+json': eventJsonLd(event, urls) },
  ]
}
