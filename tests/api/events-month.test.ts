// GET /event/month (issue 43): a city's month at a glance, its days in the site's zone (Europe/Belgrade here, with
// the spring clock change on 30 March 2031): an evening, a festival on each of its days, an event begun last month,
// one that ends at midnight, one that is already the next month there though not in UTC, a busy day's "more", a
// cancelled event marked, a private one as the lists show it (its title), categories, and refusals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { daysOfMonth, eventMonthSchema, shiftMonth } from '#contract'
import type { NewPost } from '../../api/db/schema'
import { insertPostRow, makeUser, type TestUser } from './events-fixtures'
import { startTestApi, type TestApi } from './helpers'

let api: TestApi
let owner: TestUser
/** A spot of this test's own, far from the others' events. */
const here = { lat: -41.29, lon: 174.78 }
const at = `lat=${here.lat}&lon=${here.lon}`
const ids = new Map<string, string>()

const post = async (title: string, start: string, end: string | null, extra: Partial<NewPost> & { categories?: string[] } = {}) =>
  ids.set(title, await insertPostRow(api, owner.id, { title, ...here, start_date: start, end_date: end, moderation_status: 'APPROVED', ...extra }))

beforeAll(async () => {
  api = await startTestApi({ TIME_ZONE: 'Europe/Belgrade' })
  owner = await makeUser(api)
  // Times in UTC; Belgrade is UTC+1 until 30 March 2031, 02:00, then UTC+2.
  await post('Evening', '2031-03-05T18:00:00Z', '2031-03-05T21:00:00Z', { categories: ['concerts'] })
  await post('Festival', '2031-03-12T09:00:00Z', '2031-03-16T21:00:00Z', { categories: ['kids'] })
  await post('Begun in February', '2031-02-20T09:00:00Z', '2031-03-02T11:00:00Z')
  // 20:00 on the 19th until midnight: the 19th only.
  await post('Until midnight', '2031-03-19T19:00:00Z', '2031-03-19T23:00:00Z')
  // 23:30 UTC on 31 March is 01:30 on 1 April in Belgrade.
  await post('April there', '2031-03-31T23:30:00Z', null)
  for (const hour of [10, 8, 12, 14, 16]) await post(`Busy ${hour}`, `2031-03-25T${String(hour).padStart(2, '0')}:00:00Z`, null)
  await post('Called off', '2031-03-07T18:00:00Z', null, { cancelled_at: '2031-03-01T10:00:00Z' })
  await post('Secret', '2031-03-08T18:00:00Z', null, { access_type: 'PRIVATE' })
  await post('Stream', '2031-03-10T18:00:00Z', null, { attendance_mode: 'ONLINE', online_url: 'https://stream.example.org/a' })
  await post('Both ways', '2031-03-11T18:00:00Z', null, { attendance_mode: 'HYBRID', online_url: 'https://meet.example.org/b', accessibility: 'stepFree,hearingLoop' })
  await post('Ramp only', '2031-03-18T18:00:00Z', null, { accessibility: 'stepFree' })
})
afterAll(async () => {
  await api?.close()
})

const titlesOn = (body: { days: { date: string; events: { title: string }[] }[] }, date: string) =>
  body.days.find((d) => d.date === date)!.events.map((e) => e.title)

describe('GET /event/month', () => {
  it('answers every day of the month with the events running on it, in the site’s zone', async () => {
    const res = await api.get(`/event/month?month=2031-03&${at}`)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(eventMonthSchema.safeParse(res.body).success).toBe(true)
    expect(res.body).toMatchObject({ month: '2031-03', previous: '2031-02', next: '2031-04', timeZone: 'Europe/Belgrade' })
    expect(res.body.days.map((d: { date: string }) => d.date)).toEqual(daysOfMonth('2031-03'))
    expect(titlesOn(res.body, '2031-03-05')).toEqual(['Evening'])
    for (const day of ['12', '13', '14', '15', '16']) expect(titlesOn(res.body, `2031-03-${day}`)).toEqual(['Festival'])
    expect(titlesOn(res.body, '2031-03-17')).toEqual([])
    expect(titlesOn(res.body, '2031-03-01')).toEqual(['Begun in February'])
    expect(titlesOn(res.body, '2031-03-02')).toEqual(['Begun in February'])
    expect(titlesOn(res.body, '2031-03-19')).toEqual(['Until midnight'])
    expect(titlesOn(res.body, '2031-03-20')).toEqual([])
    expect(titlesOn(res.body, '2031-03-31')).toEqual([])
    // As in the lists: a private event's title shows; its page says who may see more.
    expect(titlesOn(res.body, '2031-03-08')).toEqual(['Secret'])
    const called = res.body.days.find((d: { date: string }) => d.date === '2031-03-07').events[0]
    expect(called.title).toBe('Called off')
    expect(Date.parse(called.cancelledAt)).toBe(Date.parse('2031-03-01T10:00:00Z'))
  })

  it('a busy day shows its first three by start and counts the others', async () => {
    const res = await api.get(`/event/month?month=2031-03&${at}`)
    const busy = res.body.days.find((d: { date: string }) => d.date === '2031-03-25')
    expect(busy.events.map((e: { title: string }) => e.title)).toEqual(['Busy 8', 'Busy 10', 'Busy 12'])
    expect(busy.more).toBe(2)
  })

  it('the next month has what is already in it there; categories narrow like the lists', async () => {
    const april = await api.get(`/event/month?month=2031-04&${at}`)
    expect(titlesOn(april.body, '2031-04-01')).toEqual(['April there'])
    const kids = await api.get(`/event/month?month=2031-03&${at}&categories=kids`)
    expect(kids.body.days.flatMap((d: { events: { title: string }[] }) => d.events.map((e) => e.title))).toEqual(Array(5).fill('Festival'))
  })

  it('the Online switch and the accessibility features narrow like the lists', async () => {
    const all = (body: { days: { events: { title: string }[] }[] }) => [...new Set(body.days.flatMap((d) => d.events.map((e) => e.title)))]
    expect(all((await api.get(`/event/month?month=2031-03&${at}&online=true`)).body)).toEqual(['Stream', 'Both ways'])
    expect(all((await api.get(`/event/month?month=2031-03&${at}&accessibility=stepFree`)).body)).toEqual(['Both ways', 'Ramp only'])
    expect(all((await api.get(`/event/month?month=2031-03&${at}&accessibility=stepFree,hearingLoop`)).body)).toEqual(['Both ways'])
    expect((await api.get(`/event/month?month=2031-03&${at}&accessibility=stairs`)).status).toBe(400)
  })

  it('defaults to this month; refuses a month that is not one', async () => {
    const now = await api.get(`/event/month?${at}`)
    expect(now.status).toBe(200)
    const thisMonth = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Belgrade' }).format(new Date()).slice(0, 7)
    expect(now.body.month).toBe(thisMonth)
    for (const bad of ['2031-13', '2031-3', 'march', '0999-01']) {
      const res = await api.get(`/event/month?month=${bad}`)
      expect(res.status, bad).toBe(400)
      expect(res.body.errors, bad).toEqual({ month: ['Invalid value'] })
    }
  })
})

describe('shiftMonth', () => {
  it('steps over the year', () => {
    expect(shiftMonth('2031-12', 1)).toBe('2032-01')
    expect(shiftMonth('2031-01', -1)).toBe('2030-12')
    expect(shiftMonth('2031-05', 0)).toBe('2031-05')
  })
})
