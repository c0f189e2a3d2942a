// What a card, a timeline row, a map marker and its popup show of an event (event-card.tsx, events-screen.tsx): a
// list's loader sends no more, so the page's HTML and its hydration data carry twenty fields per event instead of
// the API's sixty (decision 054).
import type { Event } from '#contract'

export type ListedEvent = Pick<
  Event,
  | '_id'
  | 'title'
  | 'description'
  | 'eventType'
  | 'attendanceMode'
  | 'startDate'
  | 'endDate'
  | 'coordinates'
  | 'price'
  | 'maxParticipants'
  | 'participantsCount'
  | 'likesCount'
  | 'views'
  | 'cancelledAt'
  | 'rescheduledAt'
  | 'restricted'
> & {
  images: Array<Pick<Event['images'][number], 'thumbnailUrl'>>
  postedBy: Pick<Event['postedBy'], 'name' | 'lastname'>
}

/** A card shows its description on one clipped line (and a screen reader reads it): more than this is never seen. */
export const CARD_DESCRIPTION_MAX = 280

/** The description as a card shows it: whole when short, else its first CARD_DESCRIPTION_MAX characters and "…". */
function cardDescription(description: string | null): string | null {
  if (description === null || description.length <= CARD_DESCRIPTION_MAX) return description
  // Never half of a character written as two UTF-16 units (an emoji).
  const end = /[\uD800-\uDBFF]/.test(description[CARD_DESCRIPTION_MAX - 1]!) ? CARD_DESCRIPTION_MAX - 1 : CARD_DESCRIPTION_MAX
  return `${description.slice(0, end).trimEnd()}…`
}

export function listedEvent(event: Event): ListedEvent {
  return {
    _id: event._id,
    title: event.title,
    description: cardDescription(event.description),
    eventType: event.eventType,
    attendanceMode: event.attendanceMode,
    startDate: event.startDate,
    endDate: event.endDate,
    coordinates: event.coordinates,
    price: event.price,
    maxParticipants: event.maxParticipants,
    participantsCount: event.participantsCount,
    likesCount: event.likesCount,
    views: event.views,
    cancelledAt: event.cancelledAt,
    rescheduledAt: event.rescheduledAt,
    restricted: event.restricted,
    // The card's photo is the first one's thumbnail.
    images: event.images.slice(0, 1).map((image) => ({ thumbnailUrl: image.thumbnailUrl })),
    postedBy: { name: event.postedBy.name, lastname: event.postedBy.lastname },
  }
}
