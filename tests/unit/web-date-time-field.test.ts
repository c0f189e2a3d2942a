// The event form's date and time as typed with JavaScript (app/components/forms/date-time-field.tsx): DD-MM-YYYY
// days and 24-hour times become the YYYY-MM-DDTHH:MM the form's check and the action read.
import { describe, expect, it } from 'vitest'
import { dateTimeValue, parseDisplayDate, parseTime, parseTypedDateTime } from '../../app/components/forms/date-time-field'

describe('the typed day', () => {
  it('reads DD-MM-YYYY with one or two digits and dashes, dots or slashes', () => {
    expect(parseDisplayDate('03-12-2026')).toBe('2026-12-03')
    expect(parseDisplayDate(' 3.12.2026 ')).toBe('2026-12-03')
    expect(parseDisplayDate('29/2/2028')).toBe('2028-02-29')
  })

  it('refuses impossible days and other shapes', () => {
    for (const text of ['31-11-2026', '29-02-2027', '00-12-2026', '2026-12-03', '3-12-26', 'tomorrow', ''])
      expect(parseDisplayDate(text), text).toBeNull()
  })
})

describe('the typed time', () => {
  it('reads 24-hour times with or without a separator', () => {
    expect(parseTime('19:30')).toBe('19:30')
    expect(parseTime('9:05')).toBe('09:05')
    expect(parseTime('1930')).toBe('19:30')
    expect(parseTime('00.00')).toBe('00:00')
  })

  it('refuses hours past 23, minutes past 59 and AM/PM', () => {
    for (const text of ['24:00', '19:60', '7pm', '7:30 PM', '', '19']) expect(parseTime(text), text).toBeNull()
  })
})

describe('the field’s value', () => {
  it('is YYYY-MM-DDTHH:MM, empty when nothing is typed, and what was typed otherwise (the check refuses it)', () => {
    expect(dateTimeValue('03-12-2026', '19:30')).toBe('2026-12-03T19:30')
    expect(dateTimeValue(' ', '')).toBe('')
    expect(dateTimeValue('03-12-2026', '')).toBe('03-12-2026')
    expect(dateTimeValue('31-11-2026', '10:00')).toBe('31-11-2026 10:00')
  })

  it('takes a whole date and time typed into the day box as it is, whatever the time box holds (issue 39)', () => {
    // A new event's time box starts empty, the Move drawer's holds the event's time: the same typing, one value.
    expect(dateTimeValue('2026-11-30T18:30', '')).toBe('2026-11-30T18:30')
    expect(dateTimeValue('2026-11-30T18:30', '19:00')).toBe('2026-11-30T18:30')
    expect(dateTimeValue('2026-11-30 9:05', '19:00')).toBe('2026-11-30T09:05')
    expect(parseTypedDateTime('2026-02-30T18:30')).toBeNull()
    expect(parseTypedDateTime('2026-11-30T25:30')).toBeNull()
    expect(parseTypedDateTime('30-11-2026 18:30')).toBeNull()
  })
})
