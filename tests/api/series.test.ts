// Recurring events (issue 27, decision 041) through the real API on SQLite or PostgreSQL: a weekly series keeps
// its local time across both daylight-saving changes of Europe/Belgrade, the dates job adds none twice (run
// twice, and twice at once), "this and the following" edits, one cancelled date in the calendar feed (parsed
// by ical.js), the whole series cancelled, monthly rules, skipped dates and the rules' refusals.
import ICAL from 'ical.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSeriesService } from '../../api/modules/series/service'
import { sql } from 'kysely'
import { startTestApi, type TestApi, usePostgres } from './helpers'
import { baseEvent, createEvent, eventForm, type FormValue, jpeg, makeUser, placeFields, send, type TestUser } from './events-fixtures'
import { notificationsOf } from './notify-fixtures'

const clock = { now: new Date('2027-03-20T10:00:00Z') }
let api: TestApi
let owner: TestUser

beforeAll(async () => {
  api = await startTestApi({ TIME_ZONE: 'Europe/Belgrade' }, undefined, { clock: () => clock.now })
  owner = await makeUser(api)
})
afterAll(async () => {
  await api?.close()
})

const series = () => createSeriesService(api.app.ctx)

async function datesOf(seriesId: string) {
  return api.app.ctx.db
    .selectFrom('posts')
    .select(['id', 'title', 'start_date', 'end_date', 'series_start', 'cancelled_at', 'max_participants'])
    .where('series_id', '=', seriesId)
    .orderBy('series_start')
    .execute()
}

/** 19:00 on a Tuesday, Belgrade (CET, before the spring change): a weekly Tue + Thu series until early November. */
async function weeklySeries(overrides: Record<string, unknown> = {}, repeat: Record<string, unknown> = {}) {
  const ev = await createEvent(api, owner.token, {
    title: 'Swing class',
    startDate: '2027-03-23T18:00:00.000Z',
    endDate: '2027-03-23T20:00:00.000Z',
    maxParticipants: 12,
    repeat: { freq: 'WEEKLY', weekdays: ['TU', 'TH'], until: '2027-11-10', ...repeat },
    ...overrides,
  })
  const seriesId = (ev.series as { _id: string })._id
  return { ev, seriesId }
}

const belgrade = (iso: string | null) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Belgrade', weekday: 'short', hour: '2-digit', minute: '2-digit', hour12: false }).format(new Date(iso!))

describe('a weekly series', () => {
  it('makes its dates ahead, each an event of its own at 19:00 local across both daylight-saving changes', async () => {
    clock.now = new Date('2027-03-20T10:00:00Z')
    const { ev, seriesId } = await weeklySeries()
    const spring = await datesOf(seriesId)
    // The window: the next 10 dates within 8 weeks.
    expect(spring).toHaveLength(10)
    expect(spring[0]!.id).toBe(ev._id)
    expect(spring.map((d) => d.start_date!.slice(0, 10)).slice(0, 4)).toEqual(['2027-03-23', '2027-03-25', '2027-03-30', '2027-04-01'])
    // CET (+1) before 28 March, CEST (+2) after: the same 19:00 in Belgrade.
    expect(spring[0]!.start_date).toBe('2027-03-23T18:00:00.000Z')
    expect(spring[2]!.start_date).toBe('2027-03-30T17:00:00.000Z')
    for (const date of spring) {
      expect(belgrade(date.start_date)).toMatch(/^(Tue|Thu) 19:00$/)
      expect(Date.parse(date.end_date!) - Date.parse(date.start_date!)).toBe(2 * 3600_000)
      expect(date.max_participants).toBe(12)
    }
    // Each date is its own event: joining one joins no other.
    const guest = await makeUser(api)
    expect((await send(api, 'PUT', `/event/${spring[3]!.id}/participate`, { token: guest.token, json: { participate: true } })).status).toBe(200)
    expect((await api.get(`/event/${spring[4]!.id}`, { token: guest.token })).body).toMatchObject({ isParticipant: false })

    // Autumn: the job's round makes the window's dates around the change back on 31 October.
    clock.now = new Date('2027-10-20T10:00:00Z')
    await series().makeAllDates()
    const autumn = (await datesOf(seriesId)).filter((d) => d.start_date! >= '2027-10-20')
    expect(autumn.map((d) => d.start_date)).toEqual([
      '2027-10-21T17:00:00.000Z',
      '2027-10-26T17:00:00.000Z',
      '2027-10-28T17:00:00.000Z',
      '2027-11-02T18:00:00.000Z',
      '2027-11-04T18:00:00.000Z',
      '2027-11-09T18:00:00.000Z',
    ])
    for (const date of autumn) expect(belgrade(date.start_date)).toMatch(/^(Tue|Thu) 19:00$/)

    // GET /event/{id} names the series and every date made so far.
    const page = await api.get(`/event/${spring[1]!.id}`)
    expect(page.body.series).toMatchObject({ _id: seriesId, timeZone: 'Europe/Belgrade', cancelledAt: null })
    expect(page.body.series.rrule).toBe('FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20271110T225959Z')
    expect(page.body.series.dates).toHaveLength(spring.length + autumn.length)
  })

  it('the dates job run twice, and twice at once, adds no date twice', async () => {
    clock.now = new Date('2027-03-20T10:00:00Z')
    const { seriesId } = await weeklySeries()
    const before = await datesOf(seriesId)
    await series().makeAllDates()
    await Promise.all([series().makeDates(seriesId), series().makeDates(seriesId), series().makeAllDates()])
    const after = await datesOf(seriesId)
    expect(after.map((d) => d.id)).toEqual(before.map((d) => d.id))
    expect(new Set(after.map((d) => d.series_start)).size).toBe(after.length)
    // A week later the window moves on: two new dates, still none twice.
    clock.now = new Date('2027-03-27T10:00:00Z')
    await Promise.all([series().makeAllDates(), series().makeAllDates()])
    const moved = await datesOf(seriesId)
    expect(moved.length).toBe(before.length + 2)
    expect(new Set(moved.map((d) => d.series_start)).size).toBe(moved.length)
  })

  it('"this and the following": the date and every later one take the new time, title and limit; earlier ones keep theirs; new dates copy it', async () => {
    clock.now = new Date('2027-03-20T10:00:00Z')
    const { seriesId } = await weeklySeries()
    const dates = await datesOf(seriesId)
    const third = dates[2]!
    const edit = await send(api, 'PUT', `/event/${third.id}?scope=following`, {
      token: owner.token,
      json: {
        title: 'Swing class (new hall)',
        description: 'Live jazz by the river',
        address: 'Knez Mihailova 1, Belgrade',
        coordinates: [20.46, 44.81],
        categories: ['concerts'],
        // 20:30 Belgrade (CEST) on 30 March, 90 minutes.
        startDate: '2027-03-30T18:30:00.000Z',
        endDate: '2027-03-30T20:00:00.000Z',
        maxParticipants: 20,
      },
    })
    expect(edit.status).toBe(200)
    const after = await datesOf(seriesId)
    expect(after.slice(0, 2).map((d) => d.title)).toEqual(['Swing class', 'Swing class'])
    expect(after.slice(0, 2).map((d) => belgrade(d.start_date))).toEqual(['Tue 19:00', 'Thu 19:00'])
    for (const date of after.slice(2)) {
      expect(date).toMatchObject({ title: 'Swing class (new hall)', max_participants: 20 })
      expect(belgrade(date.start_date)).toMatch(/^(Tue|Thu) 20:30$/)
      expect(Date.parse(date.end_date!) - Date.parse(date.start_date!)).toBe(90 * 60_000)
    }
    // Each date keeps its own day.
    expect(after.map((d) => d.series_start)).toEqual(dates.map((d) => d.series_start))
    clock.now = new Date('2027-04-20T10:00:00Z')
    await series().makeAllDates()
    const newest = (await datesOf(seriesId)).at(-1)!
    expect(newest.title).toBe('Swing class (new hall)')
    expect(belgrade(newest.start_date)).toMatch(/20:30$/)
    // "following" on an event outside any series is refused.
    const single = await createEvent(api, owner.token, { startDate: '2027-05-01T18:00:00.000Z', endDate: undefined })
    const refused = await send(api, 'PUT', `/event/${single._id}?scope=following`, { token: owner.token, json: { title: 'x' } })
    expect(refused.status).toBe(400)
    expect(refused.body.message).toBe('This event is not part of a series.')
  })

  it('a cancelled date is STATUS:CANCELLED in the calendar feed, with its own stable UID; the others stay', async () => {
    clock.now = new Date('2027-03-20T10:00:00Z')
    const organizer = await makeUser(api)
    const ev = await createEvent(api, organizer.token, {
      startDate: '2027-03-23T18:00:00.000Z',
      endDate: undefined,
      repeat: { freq: 'WEEKLY', count: 4 },
    })
    const dates = await datesOf((ev.series as { _id: string })._id)
    expect(dates).toHaveLength(4)
    expect((await send(api, 'POST', `/event/${dates[1]!.id}/cancel`, { token: organizer.token, json: { message: 'Hall closed' } })).status).toBe(200)
    const feed = await api.get(`/calendar/organizer/${organizer.id}.ics`)
    const calendar = new ICAL.Component(ICAL.parse(feed.text))
    const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v))
    expect(events).toHaveLength(4)
    const uids = events.map((e) => e.uid)
    expect(new Set(uids).size).toBe(4)
    for (const date of dates) expect(uids.some((uid) => uid.startsWith(date.id))).toBe(true)
    const statuses = events.map((e) => [e.uid.split('@')[0], e.component.getFirstPropertyValue('status')])
    expect(statuses).toContainEqual([dates[1]!.id, 'CANCELLED'])
    expect(statuses.filter(([, status]) => status === 'CANCELLED')).toHaveLength(1)
    expect(events.map((e) => belgrade(e.startDate.toJSDate().toISOString()))).toEqual(['Tue 19:00', 'Tue 19:00', 'Tue 19:00', 'Tue 19:00'])
  })

  it('cancelling the whole series cancels every date to come, tells their participants, and makes no new ones', async () => {
    clock.now = new Date('2027-03-20T10:00:00Z')
    const { ev, seriesId } = await weeklySeries()
    const dates = await datesOf(seriesId)
    const guest = await makeUser(api)
    await send(api, 'PUT', `/event/${dates[5]!.id}/participate`, { token: guest.token, json: { participate: true } })
    const res = await send(api, 'POST', `/event/${ev._id}/cancel`, { token: owner.token, json: { message: 'The season is over', scope: 'series' } })
    expect(res.status).toBe(200)
    expect(res.body.series.cancelledAt).not.toBeNull()
    expect((await datesOf(seriesId)).every((d) => d.cancelled_at !== null)).toBe(true)
    expect((await notificationsOf(api, guest.id)).map((n) => n.notification_type)).toContain('eventCancelled')
    clock.now = new Date('2027-05-01T10:00:00Z')
    await series().makeAllDates()
    expect(await datesOf(seriesId)).toHaveLength(dates.length)
    // Someone else cannot cancel a series.
    const other = await makeUser(api)
    expect((await send(api, 'POST', `/event/${dates[0]!.id}/cancel`, { token: other.token, json: { scope: 'series' } })).status).toBe(403)
  })
})

describe('other rules', () => {
  it('monthly on the second Tuesday, 3 times; skipped dates are left out; every second week', async () => {
    clock.now = new Date('2027-01-01T10:00:00Z')
    const monthly = await createEvent(api, owner.token, {
      startDate: '2027-01-12T18:00:00.000Z',
      endDate: undefined,
      repeat: { freq: 'MONTHLY', monthly: 'WEEKDAY', count: 3 },
    })
    const monthlyId = (monthly.series as { _id: string; rrule: string })._id
    expect((monthly.series as { rrule: string }).rrule).toBe('FREQ=MONTHLY;BYDAY=2TU;COUNT=3')
    for (const now of ['2027-02-01', '2027-03-01', '2027-05-01']) {
      clock.now = new Date(`${now}T10:00:00Z`)
      await series().makeAllDates()
    }
    expect((await datesOf(monthlyId)).map((d) => d.start_date!.slice(0, 10))).toEqual(['2027-01-12', '2027-02-09', '2027-03-09'])

    clock.now = new Date('2027-01-01T10:00:00Z')
    const fortnightly = await createEvent(api, owner.token, {
      startDate: '2027-01-05T18:00:00.000Z',
      endDate: undefined,
      repeat: { freq: 'WEEKLY', interval: 2, count: 4, skip: ['2027-01-19'] },
    })
    const dates = await datesOf((fortnightly.series as { _id: string })._id)
    // COUNT counts the skipped date (RFC 5545: EXDATE after COUNT).
    expect(dates.map((d) => d.start_date!.slice(0, 10))).toEqual(['2027-01-05', '2027-02-02', '2027-02-16'])
  })

  it('refuses what cannot repeat, with the field and a clear message', async () => {
    const refusal = async (fields: Record<string, FormValue>, path = '/event') => {
      const res = await send(api, 'POST', path, {
        token: owner.token,
        form: eventForm(baseEvent({ endDate: undefined, ...fields }), [await jpeg()]),
      })
      expect(res.status, JSON.stringify(fields)).toBe(400)
      return res.body.errors as Record<string, string[]>
    }
    // 23 March 2027 is a Tuesday.
    expect(await refusal({ startDate: '2027-03-23T18:00:00.000Z', repeat: { freq: 'WEEKLY', weekdays: ['WE'] } })).toEqual({
      'repeat.weekdays': ['The first date must fall on one of the chosen days.'],
    })
    expect(await refusal({ startDate: '2027-03-23T18:00:00.000Z', repeat: { freq: 'WEEKLY', until: '2027-05-01', count: 3 } })).toMatchObject({
      'repeat.count': ['Choose an end date or a number of dates, not both.'],
    })
    expect(await refusal({ startDate: '2027-03-23T18:00:00.000Z', repeat: { freq: 'WEEKLY', until: '2031-01-01' } })).toMatchObject({
      'repeat.until': ['A series can run for at most two years.'],
    })
    expect(await refusal({ startDate: '2027-03-23T18:00:00.000Z', repeat: { freq: 'DAILY' } })).toHaveProperty(['repeat.freq'])
    expect(await refusal({ startDate: '2027-03-23T18:00:00.000Z', repeat: 'every tuesday' })).toHaveProperty(['repeat'])
    const admin = await makeUser(api, { role: 'admin' })
    const place = await send(api, 'POST', '/event', {
      token: admin.token,
      form: eventForm(placeFields({ repeat: { freq: 'WEEKLY' } }), [await jpeg()]),
    })
    expect(place.status).toBe(400)
    expect(place.body.errors).toHaveProperty(['repeat'])
  })

  it('a first date with seconds is the rule’s first, made once; a one-date edit of the first date does not spread to new dates', async () => {
    clock.now = new Date('2027-03-20T10:00:00Z')
    const ev = await createEvent(api, owner.token, {
      title: 'Seconds',
      startDate: '2027-03-23T18:00:30.000Z',
      endDate: undefined,
      repeat: { freq: 'WEEKLY', weekdays: ['MO', 'TU'], count: 6 },
    })
    const seriesId = (ev.series as { _id: string })._id
    await series().makeAllDates()
    const dates = await datesOf(seriesId)
    expect(dates.map((d) => d.start_date!.slice(0, 10))).toEqual(['2027-03-23', '2027-03-29', '2027-03-30', '2027-04-05', '2027-04-06', '2027-04-12'])
    expect(dates[0]!.series_start).toBe('2027-03-23T18:00:00.000Z')
    // "This date only" on the first date: later dates made afterwards keep the series' own title.
    const { seriesId: weekly } = await weeklySeries({ title: 'Keeps its name' })
    const first = (await datesOf(weekly))[0]!
    const edit = await send(api, 'PUT', `/event/${first.id}`, {
      token: owner.token,
      json: { title: 'Only the first date', description: 'x', address: 'Knez Mihailova 1, Belgrade', coordinates: [20.46, 44.81], startDate: first.start_date, endDate: first.end_date },
    })
    expect(edit.status).toBe(200)
    clock.now = new Date('2027-05-20T10:00:00Z')
    await series().makeAllDates()
    const newest = (await datesOf(weekly)).at(-1)!
    expect(newest.title).toBe('Keeps its name')
  })

  it('"this and the following" with the same times keeps a date moved on its own; only the organizer may use it', async () => {
    clock.now = new Date('2027-03-20T10:00:00Z')
    const { seriesId } = await weeklySeries()
    const dates = await datesOf(seriesId)
    // The fourth date moves alone to 22:00 Belgrade.
    const moved = await send(api, 'POST', `/event/${dates[3]!.id}/reschedule`, {
      token: owner.token,
      json: { startDate: '2027-04-01T20:00:00.000Z', endDate: '2027-04-01T21:00:00.000Z' },
    })
    expect(moved.status).toBe(200)
    const second = dates[1]!
    const body = { title: 'Renamed', description: 'x', address: 'Knez Mihailova 1, Belgrade', coordinates: [20.46, 44.81], startDate: second.start_date, endDate: second.end_date }
    const stranger = await makeUser(api)
    expect((await send(api, 'PUT', `/event/${second.id}?scope=following`, { token: stranger.token, json: body })).status).toBe(403)
    expect((await send(api, 'PUT', `/event/${second.id}?scope=following`, { token: owner.token, json: body })).status).toBe(200)
    const after = await datesOf(seriesId)
    expect(after.slice(1).every((d) => d.title === 'Renamed')).toBe(true)
    expect(after[3]!.start_date).toBe('2027-04-01T20:00:00.000Z')
  })

  it('refuses monthly on a day some months lack, N dates past two years, and private series', async () => {
    const refuse = async (fields: Record<string, FormValue>) => {
      const res = await send(api, 'POST', '/event', { token: owner.token, form: eventForm(baseEvent({ endDate: undefined, ...fields }), [await jpeg()]) })
      expect(res.status, JSON.stringify(fields)).toBe(400)
      return res.body.errors as Record<string, string[]>
    }
    expect(await refuse({ startDate: '2027-01-31T17:00:00.000Z', repeat: { freq: 'MONTHLY', count: 3 } })).toEqual({
      'repeat.monthly': ['Not every month has this day: repeat on the same weekday of the month instead.'],
    })
    expect(await refuse({ startDate: '2027-01-12T17:00:00.000Z', repeat: { freq: 'MONTHLY', interval: 12, count: 5 } })).toEqual({
      'repeat.until': ['A series can run for at most two years.'],
    })
    expect(await refuse({ startDate: '2027-01-12T17:00:00.000Z', accessType: 'PRIVATE', repeat: { freq: 'WEEKLY', count: 3 } })).toEqual({
      repeat: ['A private event cannot repeat: its invitations are for one date.'],
    })
  })
})


describe('a series is made whole or not at all (issue 39)', () => {
  /** Makes the database refuse (as a crash there would stop) every insert into `table` where `when` holds. */
  async function failInserts(table: 'event_series' | 'posts', when: string) {
    const db = api.app.ctx.db
    if (usePostgres) {
      await sql.raw(`CREATE OR REPLACE FUNCTION crash_here() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'crash between the event and its series'; END $$ LANGUAGE plpgsql`).execute(db)
      await sql.raw(`CREATE TRIGGER crash_here BEFORE INSERT ON ${table} FOR EACH ROW WHEN (${when}) EXECUTE FUNCTION crash_here()`).execute(db)
    } else {
      await sql.raw(`CREATE TRIGGER crash_here BEFORE INSERT ON ${table} WHEN ${when} BEGIN SELECT RAISE(ABORT, 'crash between the event and its series'); END`).execute(db)
    }
    return async () => {
      await sql.raw(usePostgres ? `DROP TRIGGER crash_here ON ${table}` : 'DROP TRIGGER crash_here').execute(db)
    }
  }

  const postsTitled = (title: string) => api.app.ctx.db.selectFrom('posts').select(['id', 'series_id']).where('title', '=', title).execute()

  it('leaves nothing when the work stops between the event and its series, or among its first dates', async () => {
    clock.now = new Date('2027-03-20T10:00:00Z')
    const cases = [
      { name: 'before the series row', table: 'event_series' as const, when: 'NEW.id IS NOT NULL' },
      { name: 'at the second date', table: 'posts' as const, when: 'NEW.series_id IS NOT NULL' },
    ]
    for (const { name, table, when } of cases) {
      const title = `Half made ${name}`
      const restore = await failInserts(table, when)
      try {
        const answer = await send(api, 'POST', '/event', {
          token: owner.token,
          form: eventForm(
            { ...baseEvent({ title, startDate: '2027-03-23T18:00:00.000Z', endDate: '2027-03-23T20:00:00.000Z' }), repeat: { freq: 'WEEKLY', weekdays: ['TU'], count: 6 } },
            [await jpeg()],
          ),
        })
        expect(answer.status, name).toBeGreaterThanOrEqual(500)
      } finally {
        await restore()
      }
      expect(await postsTitled(title), name).toEqual([])
    }
    // With nothing in the way the same request makes the event and its whole window of dates.
    const whole = await createEvent(api, owner.token, {
      title: 'Made whole',
      startDate: '2027-03-23T18:00:00.000Z',
      endDate: '2027-03-23T20:00:00.000Z',
      repeat: { freq: 'WEEKLY', weekdays: ['TU'], count: 6 },
    })
    const rows = await postsTitled('Made whole')
    expect(rows).toHaveLength(6)
    expect(new Set(rows.map((r) => r.series_id))).toEqual(new Set([(whole.series as { _id: string })._id]))
  })
})
