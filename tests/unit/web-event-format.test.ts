// Time zone conversions of the event screens: what a user types in Belgrade is the instant stored.
import { describe, expect, it } from 'vitest'
import {
  dayBoundaryIso,
  formatDateTime,
  formatDaySpan,
  formatPrice,
  isoToLocalInput,
  localInputToIso,
  todayInZone,
} from '../../app/features/events/format'
import { resources } from '../../app/locales/resources.server'
import { zonedParts } from '../../contract/format'

const t = ((key: string) => {
  const [group, name] = key.split('.') as [keyof typeof resources.en.events, string]
  return (resources.en.events[group] as Record<string, string>)[name]
}) as never

describe('event date conversions', () => {
  it('reads a datetime-local value in the zone, across daylight saving', () => {
    expect(localInputToIso('2026-12-05T19:00', 'Europe/Belgrade')).toBe('2026-12-05T18:00:00.000Z')
    expect(localInputToIso('2026-07-05T19:00', 'Europe/Belgrade')).toBe('2026-07-05T17:00:00.000Z')
    expect(localInputToIso('2026-12-05T19:00', 'UTC')).toBe('2026-12-05T19:00:00.000Z')
  })

  it('refuses values that are not dates', () => {
    for (const bad of ['', 'tomorrow', '2026-02-30T10:00', '2026-12-05T25:00', '2026-12-05'])
      expect(localInputToIso(bad, 'Europe/Belgrade'), bad).toBeNull()
  })

  it('writes an instant back as the same wall-clock value', () => {
    expect(isoToLocalInput('2026-12-05T18:00:00.000Z', 'Europe/Belgrade')).toBe('2026-12-05T19:00')
    expect(isoToLocalInput(localInputToIso('2027-03-28T02:30', 'Europe/Belgrade'), 'Europe/Belgrade')).toMatch(/^2027-03-28T0[23]:30$/)
  })

  it('turns DD-MM-YYYY and YYYY-MM-DD days into the start and end of that day in the zone', () => {
    expect(dayBoundaryIso('05-12-2026', 'start', 'Europe/Belgrade')).toBe('2026-12-04T23:00:00.000Z')
    expect(dayBoundaryIso('2026-12-05', 'end', 'Europe/Belgrade')).toBe('2026-12-05T22:59:59.999Z')
    expect(dayBoundaryIso('32-12-2026', 'start', 'Europe/Belgrade')).toBeNull()
    expect(dayBoundaryIso('soon', 'end', 'Europe/Belgrade')).toBeNull()
  })

  it('knows today in the zone', () => {
    expect(todayInZone('Europe/Belgrade', new Date('2026-11-23T23:30:00Z'))).toBe('2026-11-24')
    expect(todayInZone('UTC', new Date('2026-11-23T23:30:00Z'))).toBe('2026-11-23')
  })
})

describe('formatDaySpan', () => {
  it('writes the days of an event that lasts days, in the zone and the language; none for one day', () => {
    expect(formatDaySpan('2026-12-12T09:00:00Z', '2026-12-16T20:00:00Z', 'en', 'Europe/Belgrade')).toBe('12–16 Dec 2026')
    expect(formatDaySpan('2026-12-12T09:00:00Z', '2026-12-16T20:00:00Z', 'ru', 'Europe/Belgrade')).toBe('12–16 дек. 2026 г.')
    expect(formatDaySpan('2026-12-28T09:00:00Z', '2027-01-03T20:00:00Z', 'en', 'Europe/Belgrade')).toBe('28 Dec 2026 – 3 Jan 2027')
    expect(formatDaySpan('2026-11-28T09:00:00Z', '2026-12-03T20:00:00Z', 'en', 'Europe/Belgrade')).toBe('28 Nov – 3 Dec 2026')
    // 19:00–23:30 UTC is one evening in Belgrade until 00:30 the next day: two days there, one in UTC.
    expect(formatDaySpan('2026-12-12T19:00:00Z', '2026-12-12T23:30:00Z', 'en', 'Europe/Belgrade')).toBe('12–13 Dec 2026')
    expect(formatDaySpan('2026-12-12T19:00:00Z', '2026-12-12T23:30:00Z', 'en', 'UTC')).toBeNull()
    expect(formatDaySpan('2026-12-12T19:00:00Z', null, 'en', 'UTC')).toBeNull()
  })
})

describe('formatPrice', () => {
  it('shows Donation, or from/up to with amount and currency (SPEC §4)', () => {
    expect(formatPrice(null, t)).toBeNull()
    expect(formatPrice({ donation: true, amount: null, currency: null, range: null }, t)).toBe('Donation')
    expect(formatPrice({ donation: false, amount: 10, currency: 'EUR', range: 'FROM' }, t)).toBe('from 10 EUR')
    expect(formatPrice({ donation: false, amount: 500, currency: 'RSD', range: 'UPTO' }, t)).toBe('up to 500 RSD')
    expect(formatPrice({ donation: false, amount: 7, currency: 'USD', range: null }, t)).toBe('7 USD')
  })
})

describe('wall-clock parts from a zone offset kept per quarter hour (zonedParts, decision 054)', () => {
  /** What Intl says, asked for every instant. */
  const formats = new Map<string, Intl.DateTimeFormat>()
  function intlParts(date: Date, timeZone: string) {
    if (!formats.has(timeZone))
      formats.set(timeZone, new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' }))
    const parts = formats.get(timeZone)!.formatToParts(date)
    const part = (type: string) => Number(parts.find((candidate) => candidate.type === type)!.value)
    return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour'), minute: part('minute'), second: part('second') }
  }

  it('answers as Intl does around every daylight-saving change of zones with half- and quarter-hour offsets, and far from them', () => {
    const zones = ['Europe/Belgrade', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'Pacific/Chatham', 'America/St_Johns', 'UTC']
    let compared = 0
    const mismatches: string[] = []
    for (const timeZone of zones) {
      const compare = (ms: number) => {
        const date = new Date(ms)
        const [ours, intl] = [JSON.stringify(zonedParts(date, timeZone)), JSON.stringify(intlParts(date, timeZone))]
        if (ours !== intl) mismatches.push(`${timeZone} ${date.toISOString()}: ${ours} ≠ ${intl}`)
        compared += 1
      }
      const offsetAt = (ms: number) => {
        const p = intlParts(new Date(ms), timeZone)
        return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute) - ms
      }
      // Every 3 hours (and some seconds) over two years; where the offset changes within those 3 hours, every 61
      // seconds from 2 hours before them to 2 hours after.
      for (let ms = Date.UTC(2026, 0, 1); ms < Date.UTC(2028, 0, 1); ms += 3 * 3_600_000 + 7_017) {
        compare(ms)
        if (offsetAt(ms) !== offsetAt(ms + 3 * 3_600_000)) for (let near = ms - 7_200_000; near < ms + 18_000_000; near += 61_003) compare(near)
      }
    }
    expect(mismatches).toEqual([])
    expect(compared).toBeGreaterThan(30_000)
    // Before 1970 (Belgrade's local mean time was +1:22) and at the epoch itself.
    for (const iso of ['1890-06-01T12:00:00.000Z', '1969-12-31T23:59:59.999Z', '1970-01-01T00:00:00.000Z'])
      expect(zonedParts(new Date(iso), 'Europe/Belgrade')).toEqual(intlParts(new Date(iso), 'Europe/Belgrade'))
  })
})

describe('dates printed again and again (formatDateTime keeps what it printed, decision 054)', () => {
  it('prints an instant in each language and zone asked, the same every time', () => {
    const iso = '2026-12-05T18:00:00.000Z'
    for (let time = 0; time < 2; time++) {
      expect(formatDateTime(iso, 'en', 'Europe/Belgrade')).toBe('05 Dec 2026, 19:00')
      expect(formatDateTime(iso, 'ru', 'Europe/Belgrade')).toMatch(/^05 дек\. 2026 г\., 19:00$/)
      expect(formatDateTime(iso, 'en', 'America/New_York')).toBe('05 Dec 2026, 13:00')
    }
    expect(formatDateTime(null, 'en', 'UTC')).toBe('')
    expect(() => formatDateTime('not a date', 'en', 'UTC')).toThrow(RangeError)
  })
})
