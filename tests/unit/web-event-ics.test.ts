// The "Add to calendar" file of the event page: RFC 5545 structure, UTC times, escaping and folding.
import { describe, expect, it } from 'vitest'
import {
  buildIcs,
  escapeText,
  foldLine,
  formatUtc,
  icsFileName,
  type IcsEvent,
} from '../../app/features/events/page/ics'

const event: IcsEvent = {
  _id: '0b5f2c7e-1111-4222-8333-944455556666',
  title: 'Jazz, wine; and "friends"',
  description: 'Line one\nLine two with a back\\slash',
  startDate: '2026-12-05T18:00:00.000Z',
  endDate: '2026-12-05T21:30:00.000Z',
  address: 'Knez Mihailova 1, Belgrade',
  coordinates: [20.457, 44.817],
  categories: ['concerts'],
  updatedAt: '2026-11-01T10:00:00.000Z',
}
const options = {
  url: 'https://nearby.example/event/0b5f2c7e-1111-4222-8333-944455556666',
  host: 'nearby.example',
  now: new Date('2026-11-20T08:09:10.123Z'),
}

/** The content lines after unfolding (§3.1). */
function unfold(ics: string): string[] {
  return ics
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter(Boolean)
}

describe('ics builder', () => {
  it('writes one VEVENT inside a VCALENDAR with the required properties', () => {
    const ics = buildIcs(event, options)!
    const lines = unfold(ics)
    expect(lines[0]).toBe('BEGIN:VCALENDAR')
    expect(lines.at(-1)).toBe('END:VCALENDAR')
    expect(lines).toContain('VERSION:2.0')
    expect(lines.some((l) => l.startsWith('PRODID:'))).toBe(true)
    expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(1)
    expect(lines).toContain(`UID:${event._id}@nearby.example`)
    expect(lines).toContain('DTSTAMP:20261120T080910Z')
    expect(lines).toContain('DTSTART:20261205T180000Z')
    expect(lines).toContain('DTEND:20261205T213000Z')
    expect(lines).toContain('SUMMARY:Jazz\\, wine\\; and "friends"')
    expect(lines).toContain('LOCATION:Knez Mihailova 1\\, Belgrade')
    expect(lines).toContain('GEO:44.817;20.457')
    expect(lines).toContain(`URL:${options.url}`)
    expect(lines).toContain(
      `DESCRIPTION:Line one\\nLine two with a back\\\\slash\\n\\n${options.url.replace(/,/g, '\\,')}`,
    )
  })

  it('ends every line with CRLF and has no bare LF', () => {
    const ics = buildIcs(event, options)!
    expect(ics.endsWith('\r\n')).toBe(true)
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/)
  })

  it('ends an event without an end date 6 hours after its start', () => {
    const lines = unfold(buildIcs({ ...event, endDate: null }, options)!)
    expect(lines).toContain('DTEND:20261206T000000Z')
  })

  it('has nothing for posts without a start date', () => {
    expect(buildIcs({ ...event, startDate: null }, options)).toBeNull()
  })

  it('leaves out LOCATION and GEO when unknown', () => {
    const lines = unfold(buildIcs({ ...event, address: null, coordinates: null }, options)!)
    expect(lines.some((l) => l.startsWith('LOCATION:') || l.startsWith('GEO:'))).toBe(false)
  })
})

describe('ics text rules', () => {
  it('escapes TEXT values', () => {
    expect(escapeText('a\\b;c,d\r\ne\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf')
  })

  it('formats instants as UTC DATE-TIME', () => {
    expect(formatUtc('2026-07-05T17:00:00.000Z')).toBe('20260705T170000Z')
    expect(formatUtc('2026-07-05T19:00:00+02:00')).toBe('20260705T170000Z')
  })

  it('folds long lines at 75 octets without splitting UTF-8 characters', () => {
    for (const long of [
      `DESCRIPTION:${'Привет, мир! '.repeat(20)}`,
      `SUMMARY:${'ab 🎷 джаз 🎶'.repeat(12)}`,
      `URL:${'x'.repeat(74)}é`,
    ]) {
      const folded = foldLine(long)
      const parts = folded.split('\r\n')
      expect(parts.length).toBeGreaterThan(1)
      for (const part of parts) expect(Buffer.byteLength(part, 'utf8')).toBeLessThanOrEqual(75)
      for (const part of parts.slice(1)) expect(part.startsWith(' ')).toBe(true)
      expect(folded.replace(/\r\n /g, '')).toBe(long)
      // Every piece is valid UTF-8 on its own (no character cut in half), and only the last one is short.
      for (const part of parts) expect(Buffer.from(part, 'utf8').toString('utf8')).toBe(part)
      for (const part of parts.slice(0, -1))
        expect(Buffer.byteLength(part, 'utf8')).toBeGreaterThanOrEqual(72)
    }
  })

  it('keeps short lines as they are', () => {
    expect(foldLine('SUMMARY:short')).toBe('SUMMARY:short')
    const exact = `X:${'a'.repeat(73)}`
    expect(foldLine(exact)).toBe(exact)
  })

  it('names the file after the title', () => {
    expect(icsFileName(event)).toBe('jazz-wine-and-friends-0b5f2c7e.ics')
    expect(icsFileName({ _id: 'abcdef123456', title: 'Концерт' })).toBe('event-abcdef12.ics')
  })
})
