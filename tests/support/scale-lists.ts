// Every list the web and the mobile app ask for, as `npm run bench:scale` measures them and the query-plan
// tests check them (tests/api/query-plans.test.ts). The map's markers and the timeline are the list's page.
import { SCALE_COLLECTIONS, SCALE_FEED_TOKEN, SCALE_PLACES, type ScaleIdentities } from './scale-data'

export interface ScaleList {
  name: string
  url: (ids: ScaleIdentities) => string
  /** Asked signed in as this identity. */
  as?: 'admin' | 'organizer'
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
const near = `lat=${SCALE_PLACES.belgrade.lat}&lon=${SCALE_PLACES.belgrade.lon}`

export const SCALE_LISTS: ScaleList[] = [
  { name: 'events near the city, page 1', url: () => `/event/all?${near}` },
  { name: 'events near the city, page 20', url: () => `/event/all?${near}&page=20` },
  { name: 'events, one category', url: () => `/event/all?${near}&categories=concerts` },
  { name: 'events next week', url: () => `/event/all?${near}&startDate=${day(7)}&endDate=${day(13)}` },
  { name: 'events in 170–180 days', url: () => `/event/all?${near}&startDate=${day(170)}&endDate=${day(180)}` },
  { name: 'events on now', url: () => `/event/all?${near}&filter=now` },
  { name: 'events online', url: () => `/event/all?${near}&online=true` },
  { name: 'events with step-free entrance and a hearing loop', url: () => `/event/all?${near}&accessibility=stepFree,hearingLoop` },
  { name: 'a month of the city', url: () => `/event/month?${near}&month=${day(20).slice(0, 7)}` },
  { name: 'a collection by category, with picks', url: () => `/collections/${SCALE_COLLECTIONS.category}` },
  { name: 'a collection by organizer, page 3', url: () => `/collections/${SCALE_COLLECTIONS.organizer}?page=3` },
  { name: 'a collection of words', url: () => `/collections/${SCALE_COLLECTIONS.words}` },
  { name: 'events completed, page 1', url: () => `/event/all?${near}&filter=completed` },
  { name: 'events completed, page 20', url: () => `/event/all?${near}&filter=completed&page=20` },
  { name: 'events of a small town', url: () => `/event/all?lat=${SCALE_PLACES.smallTown.lat}&lon=${SCALE_PLACES.smallTown.lon}` },
  { name: 'places near the city', url: () => `/event/all?${near}&eventType=PLACE` },
  { name: 'the "my" tab', url: () => `/event/all?${near}&filter=my`, as: 'organizer' },
  { name: "a profile's posts", url: (ids) => `/event/${ids.organizer.id}/events` },
  { name: "a profile's widget", url: (ids) => `/event/widget/${ids.organizer.id}` },
  { name: 'people search, common word', url: () => `/profile/?query=ana` },
  { name: 'people search, full name', url: () => `/profile/?query=${encodeURIComponent('Milica Ilić')}` },
  { name: 'console users', url: () => `/admin/users`, as: 'admin' },
  { name: 'console users, pending, oldest', url: () => `/admin/users?moderationStatus=PENDING&sort=oldest`, as: 'admin' },
  { name: 'console users, text search', url: () => `/admin/users?query=petrov`, as: 'admin' },
  { name: 'console events', url: () => `/admin/events`, as: 'admin' },
  { name: 'console events, pending, oldest', url: () => `/admin/events?moderationStatus=PENDING&sort=oldest`, as: 'admin' },
  { name: 'console events, deleted', url: () => `/admin/events?postStatus=DELETED`, as: 'admin' },
  { name: 'console events, text search', url: () => `/admin/events?query=${encodeURIComponent('jazz night')}`, as: 'admin' },
  { name: 'console places, pending', url: () => `/admin/places?moderationStatus=PENDING`, as: 'admin' },
  { name: 'reports queue', url: () => `/admin/reports`, as: 'admin' },
  { name: 'reports closed', url: () => `/admin/reports?status=RESOLVED`, as: 'admin' },
  { name: 'moderation log', url: () => `/admin/log`, as: 'admin' },
  { name: "a city's calendar feed", url: () => `/calendar/city.ics?${near}` },
  { name: "an organizer's calendar feed", url: (ids) => `/calendar/organizer/${ids.organizer.id}.ics` },
  { name: "a collection's calendar feed", url: () => `/calendar/collection/${SCALE_COLLECTIONS.category}.ics` },
  { name: 'a personal calendar feed', url: () => `/calendar/feed/${SCALE_FEED_TOKEN}.ics` },
]

