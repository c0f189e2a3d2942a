import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { readPage } from '../../api/modules/sources/page-feed'

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, '../fixtures/calendars', name), 'utf8')
const options = { now: new Date('2026-03-20T12:00:00Z'), timeZone: 'Europe/Belgrade', maxEvents: 10_000 }

describe('a page’s events', () => {
  it('reads schema.org Events from JSON-LD (@graph, subtypes, offsets, a date alone, cancelled), skipping a broken block', () => {
    const feed = readPage(fixture('event-page-jsonld.html'), 'https://jazz.example/events/summer-festival/', options)
    expect(feed.items).toHaveLength(2)
    expect(feed.items[0]).toMatchObject({
      key: 'https://jazz.example/events/summer-festival/#event',
      title: 'Summer Jazz Festival',
      description: 'Three stages and a late jam.',
      startDate: '2026-04-10T17:00:00.000Z',
      endDate: '2026-04-12T21:00:00.000Z',
      address: 'Kalemegdan Park, Belgrade, RS',
      coordinates: [20.4506, 44.8225],
      images: ['https://jazz.example/wp-content/uploads/festival.jpg'],
      categories: ['concerts', 'jazz'],
      cancelled: false,
    })
    expect(feed.items[1]).toMatchObject({ title: 'Workshop for kids', allDay: true, startDate: '2026-04-10T22:00:00.000Z', cancelled: true, address: 'Kalemegdan Park, Belgrade' })
    expect(feed.skipped).toEqual([{ ref: 'https://jazz.example/events/summer-festival/', reason: 'importUnreadable' }])
  })

  it('reads an h-event with its place, local times, link and photo', () => {
    const feed = readPage(fixture('event-page-hevent.html'), 'https://camp.example/2026/belgrade', options)
    expect(feed.items).toEqual([
      expect.objectContaining({
        title: 'IndieWeb Camp Belgrade',
        description: 'Two days of building your own website.',
        startDate: '2026-04-18T08:00:00.000Z',
        endDate: '2026-04-19T15:00:00.000Z',
        address: 'Impact Hub, Kralja Petra 71, Belgrade',
        coordinates: [20.4581, 44.8199],
        url: 'https://camp.example/2026/belgrade',
        images: ['https://camp.example/media/camp.jpg'],
        categories: ['education'],
      }),
    ])
  })

  it('refuses a page without any event', () => {
    expect(() => readPage('<html><body><p>hello</p></body></html>', 'https://x.example/', options)).toThrow('importNotCalendar')
  })
})

describe('a page’s events online (schema.org VirtualLocation)', () => {
  const page = (location: unknown) =>
    `<html><head><script type="application/ld+json">${JSON.stringify({
      '@context': 'https://schema.org',
      '@type': 'Event',
      '@id': 'https://talks.example/1#event',
      name: 'Evening talk',
      startDate: '2026-04-10T19:00:00+02:00',
      location,
    })}</script></head><body></body></html>`
  const virtual = { '@type': 'VirtualLocation', url: '/live' }
  const place = { '@type': 'Place', name: 'Dom omladine', address: 'Makedonska 22, Belgrade' }

  it('a VirtualLocation alone: online, its link made absolute; with a Place too: in person and online', () => {
    expect(readPage(page(virtual), 'https://talks.example/1', options).items[0]).toMatchObject({ address: null, online: { mode: 'ONLINE', url: 'https://talks.example/live' } })
    expect(readPage(page([place, virtual]), 'https://talks.example/1', options).items[0]).toMatchObject({
      address: 'Dom omladine, Makedonska 22, Belgrade',
      online: { mode: 'HYBRID', url: 'https://talks.example/live' },
    })
    expect(readPage(page(place), 'https://talks.example/1', options).items[0]?.online).toBeNull()
  })
})
