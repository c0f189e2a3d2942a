// The rules of recurring events (decision 041): what the form's "Repeats" becomes as an RRULE, and the dates
// rrule-temporal makes of it in Europe/Belgrade, whatever the server's own time zone.
import { describe, expect, it } from 'vitest'
import type { Repeat } from '#contract'
import { datesBetween, ruleOf, type SeriesRule } from '../../api/modules/series/recurrence'

const TZ = 'Europe/Belgrade'
const repeat = (r: Partial<Repeat>): Repeat => ({ freq: 'WEEKLY', interval: 1, monthly: 'DAY', skip: [], ...r })
function rule(r: Partial<Repeat>, start: string): SeriesRule {
  const result = ruleOf(repeat(r), start, TZ)
  if (!('rule' in result)) throw new Error(result.problem)
  return result.rule
}
const dates = (r: SeriesRule, n = 10) => datesBetween(r, '2027-01-01T00:00:00Z', '2029-01-01T00:00:00Z', n)

describe('ruleOf and datesBetween', () => {
  it('monthly on a fifth weekday means the last one, which every month has', () => {
    const r = rule({ freq: 'MONTHLY', monthly: 'WEEKDAY', count: 4 }, '2027-03-30T17:00:00.000Z')
    expect(r.rrule).toBe('FREQ=MONTHLY;BYDAY=-1TU;COUNT=4')
    expect(dates(r).map((d) => d.localDate)).toEqual(['2027-03-30', '2027-04-27', '2027-05-25', '2027-06-29'])
  })

  it('every second week on two days', () => {
    const r = rule({ interval: 2, weekdays: ['WE', 'MO'], count: 5 }, '2027-01-04T17:00:00.000Z')
    expect(r.rrule).toBe('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE;COUNT=5')
    expect(dates(r).map((d) => d.localDate)).toEqual(['2027-01-04', '2027-01-06', '2027-01-18', '2027-01-20', '2027-02-01'])
  })

  it('until a day includes that whole local day, even a date late in the evening (23:30 is the next day in UTC)', () => {
    const r = rule({ until: '2027-01-18' }, '2027-01-04T22:30:00.000Z')
    expect(r.rrule).toBe('FREQ=WEEKLY;BYDAY=MO;UNTIL=20270118T225959Z')
    expect(dates(r).map((d) => d.ruleStart)).toEqual(['2027-01-04T22:30:00.000Z', '2027-01-11T22:30:00.000Z', '2027-01-18T22:30:00.000Z'])
  })

  it('a local time that does not exist on the spring change is no date and is not counted (RFC 5545)', () => {
    const r = rule({ count: 3 }, '2027-03-21T01:30:00.000Z')
    expect(dates(r).map((d) => d.localDate)).toEqual(['2027-03-21', '2027-04-04', '2027-04-11'])
  })

  it('refuses a first date that is not one of the chosen days, and a series over two years', () => {
    expect(ruleOf(repeat({ weekdays: ['WE'] }), '2027-01-04T17:00:00.000Z', TZ)).toEqual({ problem: 'startNotInRule' })
    expect(ruleOf(repeat({ until: '2029-01-05' }), '2027-01-04T17:00:00.000Z', TZ)).toEqual({ problem: 'seriesTooLong' })
    expect(ruleOf(repeat({ until: '2026-12-01' }), '2027-01-04T17:00:00.000Z', TZ)).toEqual({ problem: 'invalidDate' })
  })
})
