// The <head> of the event page: OpenGraph and schema.org JSON-LD for events and places.
import { describe, expect, it } from 'vitest'
import type { Event } from '#contract'
import { eventJsonLd, eventMeta, summary } from '../../app/features/events/page/meta'

const base: Event = {
  _id: 'e1',
  title: 'River concert',
  description: 'Live music\nby the river.',
  eventType: 'EVENT',
  accessType: 'COMMON',
  joinApproval: false,
  startDate: '2026-12-05T18:00:00.000Z',
  endDate: null,
  address: 'Knez Mihailova 1, Belgrade',
  location: { type: 'Point', coordinates: [20.457, 44.817] },
  coordinates: [20.457, 44.817],
  images: [
    { _id: 'i1', name: 'a.webp', path: '/uploads/a.webp', url: 'https://api.example/uploads/a.webp', thumbnailPath: '/uploads/a_t.webp', thumbnailUrl: 'https://api.example/uploads/a_t.webp' },
  ],
  categories: ['concerts'],
  hours: [],
  price: { donation: false, amount: 500, currency: 'RSD', range: 'FROM' },
  channelLink: null,
  attendanceMode: 'IN_PERSON',
  onlineUrl: null,
  hasOnlineUrl: false,
  onlineUrlPublic: false,
  accessibility: [],
  accessibilityNote: null,
  maxParticipants: 2,
  participants: [],
  participantsCount: 2,
  likes: [],
  likesCount: 0,
  views: 0,
  postedBy: { _id: 'u1', name: 'Ana', lastname: 'Petrović', username: 'ana', avatarFile: null },
  createdBy: 'u1',
  moderationStatus: 'APPROVED',
  moderationImageStatus: 'APPROVED',
  postStatus: 'ACTIVE',
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  isLiked: false,
  isParticipant: false,
  isOwner: false,
  mayModerate: false,
  canJoin: false,
  canWait: false,
  canAsk: false,
  joinRequest: null,
  joinRequestsPending: 0,
  waitlistCount: 0,
  waitlistPosition: null,
  cancelledAt: null,
  cancelMessage: null,
  rescheduledAt: null,
  previousStartDate: null,
  restricted: false,
  isEnded: false,
  invitation: null,
}
const urls = { pageUrl: 'https://nearby.example/event/e1', origin: 'https://nearby.example' }

describe('event page meta', () => {
  it('has title, description and OpenGraph tags with the first photo', () => {
    const meta = eventMeta(base, urls, 'Nearby')
    expect(meta).toContainEqual({ title: 'River concert · Nearby' })
    expect(meta).toContainEqual({ name: 'description', content: 'Live music by the river.' })
    expect(meta).toContainEqual({ property: 'og:image', content: 'https://api.example/uploads/a.webp' })
    expect(meta).toContainEqual({ property: 'og:url', content: urls.pageUrl })
    expect(meta.some((m) => 'script:ld+json' in m)).toBe(true)
  })

  it('describes an event with location, organizer, default end and a sold-out offer', () => {
    expect(eventJsonLd(base, urls)).toMatchObject({
      '@type': 'Event',
      startDate: base.startDate,
      endDate: '2026-12-06T00:00:00.000Z',
      location: { address: base.address, geo: { latitude: 44.817, longitude: 20.457 } },
      organizer: { name: 'Ana Petrović', url: 'https://nearby.example/profile/u1' },
      offers: { price: 500, priceCurrency: 'RSD', availability: 'https://schema.org/SoldOut' },
      image: ['https://api.example/uploads/a.webp'],
    })
  })

  it('has no offer without a price or for a donation', () => {
    expect(eventJsonLd({ ...base, price: null }, urls)).not.toHaveProperty('offers')
    expect(
      eventJsonLd({ ...base, price: { donation: true, amount: null, currency: null, range: null } }, urls),
    ).not.toHaveProperty('offers')
  })

  it('describes a place with its opening hours', () => {
    const place = eventJsonLd(
      { ...base, eventType: 'PLACE', startDate: null, hours: [{ day: 'monday', open: '09:00', close: '18:00' }] },
      urls,
    )
    expect(place).toMatchObject({
      '@type': 'Place',
      name: 'River concert',
      openingHoursSpecification: [{ dayOfWeek: 'https://schema.org/Monday', opens: '09:00', closes: '18:00' }],
    })
    expect(place).not.toHaveProperty('startDate')
  })

  it('cuts long descriptions at a word', () => {
    const text = 'word '.repeat(100)
    const cut = summary(text, 50)
    expect(cut.length).toBeLessThanOrEqual(50)
    expect(cut.endsWith('word…')).toBe(true)
  })
})
