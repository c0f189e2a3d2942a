// Reports (ARCHITECTURE "Reports are real"; docs/decisions/019-reports.md), on SQLite and PostgreSQL: the
// rules of POST /reports, the queue's order, age and overdue flag under an injected clock, resolving with a
// decision (logged, the owner told), closing all reports of a target, and the reporters' notifications.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApi, type TestApi } from './helpers'
import { createEvent, makeUser, makeUsers, send, type TestUser } from './events-fixtures'

const HOUR = 3_600_000
let clock = new Date('2026-11-24T08:00:00.000Z')
let api: TestApi
let admin: TestUser

beforeAll(async () => {
  api = await startTestApi({}, undefined, { clock: () => clock })
  admin = await makeUser(api, { role: 'admin' })
})
afterAll(async () => {
  await api?.close()
})

const report = (token: string | undefined, body: Record<string, unknown>) => send(api, 'POST', '/reports', { token, json: body })

describe('POST /reports', () => {
  it('creates a report (201); the same reporter and target again updates it (200)', async () => {
    const [reporter, organizer] = await Promise.all([makeUser(api), makeUser(api)])
    const event = await createEvent(api, organizer.token)
    const first = await report(reporter.token, { targetType: 'POST', targetId: event._id, reason: 'spam' })
    expect(first.status, first.text).toBe(201)
    expect(first.body).toMatchObject({ targetType: 'POST', targetId: event._id, reason: 'spam', status: 'OPEN', details: null })
    const again = await report(reporter.token, { targetType: 'POST', targetId: event._id, reason: 'fraud', details: 'Asks for a prepayment' })
    expect(again.status).toBe(200)
    expect(again.body).toMatchObject({ _id: first.body._id, reason: 'fraud', details: 'Asks for a prepayment' })
  })

  it('refuses oneself, one’s own post, a missing reason or details for "other", and targets the reporter cannot see', async () => {
    const [reporter, other] = await Promise.all([makeUser(api), makeUser(api)])
    const own = await createEvent(api, reporter.token)
    expect((await report(reporter.token, { targetType: 'USER', targetId: reporter.id, reason: 'spam' })).body.code).toBe('cannotReportYourself')
    expect((await report(reporter.token, { targetType: 'POST', targetId: own._id, reason: 'spam' })).status).toBe(400)
    const noReason = await report(reporter.token, { targetType: 'USER', targetId: other.id })
    expect(noReason.status).toBe(400)
    expect(Object.keys(noReason.body.errors)).toEqual(['reason'])
    const otherReason = await report(reporter.token, { targetType: 'USER', targetId: other.id, reason: 'other' })
    expect(otherReason.body.errors).toHaveProperty('details')
    const long = await report(reporter.token, { targetType: 'USER', targetId: other.id, reason: 'other', details: 'x'.repeat(1001) })
    expect(long.body.errors).toHaveProperty('details')
    // A rejected post of someone else does not exist for the reporter.
    const hidden = await createEvent(api, other.token)
    await send(api, 'PATCH', `/admin/posts/${hidden._id}`, { token: admin.token, json: { moderationStatus: 'REJECTED' } })
    expect((await report(reporter.token, { targetType: 'POST', targetId: hidden._id, reason: 'spam' })).status).toBe(404)
    expect((await report(reporter.token, { targetType: 'USER', targetId: 'no-such-user', reason: 'spam' })).status).toBe(404)
  })

  it('needs a signed-in, activated user', async () => {
    const [target, unactivated] = await Promise.all([makeUser(api), makeUser(api, { activated: false })])
    expect((await report(undefined, { targetType: 'USER', targetId: target.id, reason: 'spam' })).status).toBe(401)
    expect((await report(unactivated.token, { targetType: 'USER', targetId: target.id, reason: 'spam' })).status).toBe(403)
  })

  it('allows 20 reports an hour per reporter, then 429 until the hour has passed', async () => {
    const reporter = await makeUser(api)
    const targets = await makeUsers(api, 21)
    for (const target of targets.slice(0, 20))
      expect((await report(reporter.token, { targetType: 'USER', targetId: target.id, reason: 'spam' })).status).toBe(201)
    const over = await report(reporter.token, { targetType: 'USER', targetId: targets[20]?.id, reason: 'spam' })
    expect(over.status).toBe(429)
    expect(over.headers.get('retry-after')).toBe('3600')
    clock = new Date(clock.getTime() + HOUR + 1000)
    expect((await report(reporter.token, { targetType: 'USER', targetId: targets[20]?.id, reason: 'spam' })).status).toBe(201)
  })
})

describe('the queue: GET /admin/reports and the summary', () => {
  it('lists OPEN reports oldest first with their age; over 24 hours they are overdue', async () => {
    const solo = await startTestApi({}, undefined, { clock: () => clock })
    try {
      const [moderator, a, b, organizer] = await Promise.all([
        makeUser(solo, { role: 'admin' }),
        makeUser(solo),
        makeUser(solo),
        makeUser(solo),
      ])
      const event = await createEvent(solo, organizer.token)
      const start = clock
      const first = await send(solo, 'POST', '/reports', { token: a.token, json: { targetType: 'POST', targetId: event._id, reason: 'spam' } })
      clock = new Date(start.getTime() + 2 * HOUR)
      const second = await send(solo, 'POST', '/reports', { token: b.token, json: { targetType: 'POST', targetId: event._id, reason: 'fraud' } })
      clock = new Date(clock.getTime() + 60_000)
      const third = await send(solo, 'POST', '/reports', { token: a.token, json: { targetType: 'USER', targetId: organizer.id, reason: 'harassment' } })
      clock = new Date(start.getTime() + 25 * HOUR)

      const queue = await send(solo, 'GET', '/admin/reports', { token: moderator.token })
      expect(queue.status).toBe(200)
      expect(queue.body.reports.map((r: { _id: string }) => r._id)).toEqual([first.body._id, second.body._id, third.body._id])
      expect(queue.body.reports[0]).toMatchObject({
        ageHours: 25,
        overdue: true,
        openReporters: 2,
        reporter: { _id: a.id },
        target: { label: event.title, eventType: 'EVENT', ownerId: organizer.id },
      })
      expect(queue.body.reports[0].openReasons.sort()).toEqual(['fraud', 'spam'])
      expect(queue.body.reports[1]).toMatchObject({ ageHours: 23, overdue: false })
      const users = await send(solo, 'GET', '/admin/reports?targetType=USER', { token: moderator.token })
      expect(users.body.reports.map((r: { _id: string }) => r._id)).toEqual([third.body._id])
      const summary = await send(solo, 'GET', '/admin/reports/summary', { token: moderator.token })
      expect(summary.body).toEqual({ open: 3, overdue: 1, oldestOpenAt: first.body.createdAt })
      expect((await send(solo, 'GET', '/admin/reports', { token: a.token })).status).toBe(403)
    } finally {
      await solo.close()
    }
  })
})

describe('closing reports: PATCH /admin/reports/{id}', () => {
  it('resolves with a decision: the post is rejected and logged with the note, the owner and every reporter are told', async () => {
    const [a, b, organizer] = await Promise.all([makeUser(api), makeUser(api), makeUser(api)])
    const event = await createEvent(api, organizer.token)
    const ra = await report(a.token, { targetType: 'POST', targetId: event._id, reason: 'spam' })
    const rb = await report(b.token, { targetType: 'POST', targetId: event._id, reason: 'fraud' })
    const note = 'Advertises a pyramid scheme.'
    const res = await send(api, 'PATCH', `/admin/reports/${ra.body._id}`, {
      token: admin.token,
      json: { status: 'RESOLVED', resolutionNote: note, action: 'rejectInfo', wholeTarget: true },
    })
    expect(res.status, res.text).toBe(200)
    expect(res.body).toMatchObject({ closed: 2, report: { _id: ra.body._id, status: 'RESOLVED' } })

    expect((await send(api, 'GET', `/event/${event._id}`, { token: organizer.token })).body.moderationStatus).toBe('REJECTED')
    const log = await send(api, 'GET', `/admin/log?targetId=${event._id}`, { token: admin.token })
    expect(log.body.entries[0]).toMatchObject({ field: 'moderationStatus', to: 'REJECTED', reason: note, actor: { _id: admin.id } })
    const ownerNotes = await send(api, 'GET', '/notifications', { token: organizer.token })
    expect(ownerNotes.body.notifications[0]).toMatchObject({ notificationType: 'moderation', moderation: { reason: note } })
    for (const [reporter, reportId] of [
      [a, ra.body._id],
      [b, rb.body._id],
    ] as const) {
      const notes = await send(api, 'GET', '/notifications', { token: reporter.token })
      expect(notes.body.notifications[0]).toMatchObject({
        notificationType: 'report',
        entityId: reportId,
        userFrom: null,
        report: { status: 'RESOLVED', targetType: 'POST', targetId: event._id, targetLabel: event.title },
        moderation: null,
      })
    }
    const closed = await send(api, 'GET', '/admin/reports?status=RESOLVED&pageSize=50', { token: admin.token })
    expect(closed.body.reports.find((r: { _id: string }) => r._id === rb.body._id)).toMatchObject({ resolutionNote: note, resolvedBy: { _id: admin.id } })
    // Closed already: a second moderator's click changes nothing.
    const twice = await send(api, 'PATCH', `/admin/reports/${rb.body._id}`, { token: admin.token, json: { status: 'DISMISSED' } })
    expect(twice.status).toBe(409)
    expect(twice.body.code).toBe('reportClosed')
  })

  it('dismisses one report without touching the target or the other reports; the reporter hears it was reviewed', async () => {
    const [a, b, person] = await Promise.all([makeUser(api), makeUser(api), makeUser(api)])
    const ra = await report(a.token, { targetType: 'USER', targetId: person.id, reason: 'harassment' })
    const rb = await report(b.token, { targetType: 'USER', targetId: person.id, reason: 'spam' })
    const res = await send(api, 'PATCH', `/admin/reports/${ra.body._id}`, { token: admin.token, json: { status: 'DISMISSED' } })
    expect(res.body.closed).toBe(1)
    const open = await send(api, 'GET', '/admin/reports?targetType=USER&pageSize=50', { token: admin.token })
    expect(open.body.reports.map((r: { _id: string }) => r._id)).toContain(rb.body._id)
    const notes = await send(api, 'GET', '/notifications', { token: a.token })
    expect(notes.body.notifications[0]).toMatchObject({ notificationType: 'report', report: { status: 'DISMISSED', targetType: 'USER' } })
    expect((await send(api, 'GET', `/profile/${person.id}`)).body.moderationStatus).toBe('PENDING')
    // "delete" is for posts only.
    const bad = await send(api, 'PATCH', `/admin/reports/${rb.body._id}`, { token: admin.token, json: { status: 'RESOLVED', action: 'delete' } })
    expect(bad.status).toBe(400)
    expect(bad.body.code).toBe('actionNotForUsers')
  })
})

describe('reports about a group (issue 45)', () => {
  it('anyone outside it reports a group; its members may not; the queue names it, its moderators in it leave it to others, and only closing is done here', async () => {
    const [owner, member, reporter, insider] = await Promise.all([makeUser(api), makeUser(api), makeUser(api), makeUser(api, { role: 'admin' })])
    const handle = `noisy_${Date.now().toString(36)}`
    const made = await send(api, 'POST', '/groups', { token: owner.token, json: { handle, name: 'Noisy neighbours' } })
    expect(made.status, made.text).toBe(201)
    for (const who of [member, insider]) {
      const invitation = await send(api, 'POST', `/groups/${handle}/invitations`, { token: owner.token, json: { who: who.username, role: 'member' } })
      await send(api, 'POST', `/groups/invitations/${invitation.body.id}/respond`, { token: who.token, json: { accept: true } })
    }
    const groupId = made.body.id as string
    for (const own of [owner, member]) {
      const refused = await report(own.token, { targetType: 'GROUP', targetId: groupId, reason: 'spam' })
      expect(refused.status).toBe(400)
      expect(refused.body.code).toBe('cannotReportYourself')
    }
    expect((await report(reporter.token, { targetType: 'GROUP', targetId: 'no-such-group', reason: 'spam' })).status).toBe(404)
    const sent = await report(reporter.token, { targetType: 'GROUP', targetId: groupId, reason: 'other', details: 'Posts fake concerts' })
    expect(sent.status, sent.text).toBe(201)

    const queue = await send(api, 'GET', '/admin/reports?targetType=GROUP&pageSize=50', { token: admin.token })
    const row = queue.body.reports.find((r: { _id: string }) => r._id === sent.body._id)
    expect(row.target).toMatchObject({ label: `Noisy neighbours (@${handle})`, handle, mayModerate: true, postStatus: 'ACTIVE', ownerId: owner.id })
    // A moderator who is in the group sees it is not theirs to close.
    const theirs = await send(api, 'GET', '/admin/reports?targetType=GROUP&pageSize=50', { token: insider.token })
    expect(theirs.body.reports.find((r: { _id: string }) => r._id === sent.body._id).target.mayModerate).toBe(false)
    const refused = await send(api, 'PATCH', `/admin/reports/${sent.body._id}`, { token: insider.token, json: { status: 'DISMISSED' } })
    expect(refused.status).toBe(403)
    // A group is decided on in Console → Groups; here its reports are only closed.
    const action = await send(api, 'PATCH', `/admin/reports/${sent.body._id}`, { token: admin.token, json: { status: 'RESOLVED', action: 'rejectInfo' } })
    expect(action.status).toBe(400)
    expect(action.body.code).toBe('actionNotForGroups')
    const suspended = await send(api, 'PATCH', `/admin/groups/${handle}`, { token: admin.token, json: { decision: 'SUSPEND', reason: 'Fake concerts' } })
    expect(suspended.status, suspended.text).toBe(200)
    const closed = await send(api, 'PATCH', `/admin/reports/${sent.body._id}`, { token: admin.token, json: { status: 'RESOLVED', resolutionNote: 'Suspended' } })
    expect(closed.status, closed.text).toBe(200)
    const notes = await send(api, 'GET', '/notifications', { token: reporter.token })
    expect(notes.body.notifications[0]).toMatchObject({
      notificationType: 'report',
      report: { status: 'RESOLVED', targetType: 'GROUP', targetId: groupId, targetLabel: 'Noisy neighbours', targetHandle: handle },
    })
    // A suspended group is out of sight: nothing more to report about it from outside.
    expect((await report(reporter.token, { targetType: 'GROUP', targetId: groupId, reason: 'spam' })).status).toBe(404)
  })
})
