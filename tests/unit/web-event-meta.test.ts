// The <head> of the event page: OpenGraph and schema.org JSON-LD for events and places.
import { describe, expect, it } from 'vitest'
import { sampleEvent } from '../support/sample-event'
import { eventJsonLd, eventMeta, summary } from '../../app/features/events/page/meta'

const base = sampleEvent
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
