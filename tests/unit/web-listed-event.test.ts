// What a list's loader keeps of each event (app/features/events/list/listed-event.ts, decision 054).
import { describe, expect, it } from 'vitest'
import { CARD_DESCRIPTION_MAX, listedEvent } from '../../app/features/events/list/listed-event'
import { sampleEvent } from '../support/sample-event'

describe('an event as a list sends it', () => {
  it('keeps what the card, the timeline row and the map show, and nothing else', () => {
    const listed = listedEvent({ ...sampleEvent, images: [sampleEvent.images[0]!, { ...sampleEvent.images[0]!, _id: 'i2', thumbnailUrl: 'https://api.example/b_t.webp' }] })
    expect(listed).toEqual({
      _id: 'e1',
      title: 'River concert',
      description: 'Live music\nby the river.',
      eventType: 'EVENT',
      attendanceMode: 'IN_PERSON',
      startDate: '2026-12-05T18:00:00.000Z',
      endDate: null,
      coordinates: [20.457, 44.817],
      price: { donation: false, amount: 500, currency: 'RSD', range: 'FROM' },
      maxParticipants: 2,
      participantsCount: 2,
      likesCount: 0,
      views: 0,
      cancelledAt: null,
      rescheduledAt: null,
      restricted: false,
      images: [{ thumbnailUrl: 'https://api.example/uploads/a_t.webp' }],
      postedBy: { name: 'Ana', lastname: 'Petrović' },
    })
    expect(JSON.stringify(listed).length).toBeLessThan(JSON.stringify(sampleEvent).length / 2)
  })

  it('clips a long description to what a card line can show, never in the middle of a character', () => {
    const long = 'word '.repeat(200)
    const clipped = listedEvent({ ...sampleEvent, description: long }).description!
    expect(clipped.endsWith('…')).toBe(true)
    expect(clipped.length).toBeLessThanOrEqual(CARD_DESCRIPTION_MAX + 1)
    expect(long.startsWith(clipped.slice(0, -1))).toBe(true)
    // An emoji (two UTF-16 units) across the limit is left out whole.
    const emoji = `${'a'.repeat(CARD_DESCRIPTION_MAX - 1)}🎉 and more`
    expect(listedEvent({ ...sampleEvent, description: emoji }).description).toBe(`${'a'.repeat(CARD_DESCRIPTION_MAX - 1)}…`)
    const exact = 'b'.repeat(CARD_DESCRIPTION_MAX)
    expect(listedEvent({ ...sampleEvent, description: exact }).description).toBe(exact)
    expect(listedEvent({ ...sampleEvent, description: null }).description).toBeNull()
  })
})
