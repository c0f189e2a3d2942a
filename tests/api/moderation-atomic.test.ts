// A moderation decision is one unit (decision 032): the status change, its log lines, the reports it closes
// and the notices it sends commit together or not at all. A database trigger makes one of the statements fail
// (the log line, a notice, a report's closing) and the test finds nothing of the decision; without the trigger
// the same call does everything. Also: nobody closes a report about their own post or profile. SQLite and
// PostgreSQL.
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApi, usePostgres, type TestApi } from './helpers'
import { baseEvent, createEvent, makeUser, send, type TestUser } from './events-fixtures'

let api: TestApi
let admin: TestUser
let superAdmin: TestUser

beforeAll(async () => {
  api = await startTestApi()
  ;[admin, superAdmin] = await Promise.all([makeUser(api, { role: 'admin' }), makeUser(api, { role: 'superAdmin' })])
})
afterAll(async () => {
  await api?.close()
})

type FailingStatement = { table: 'moderation_log' | 'notifications' | 'reports'; on: 'INSERT' | 'UPDATE' }

/** Makes every `on` statement on `table` fail until the returned function is called. */
async function failOn({ table, on }: FailingStatement): Promise<() => Promise<void>> {
  const db = api.app.ctx.db
  if (usePostgres) {
    await sql`create or replace function injected_failure() returns trigger as $$ begin raise exception 'injected failure'; end $$ language plpgsql`.execute(db)
    await sql.raw(`create trigger injected_failure before ${on} on ${table} for each row execute function injected_failure()`).execute(db)
    return async () => {
      await sql.raw(`drop trigger injected_failure on ${table}`).execute(db)
    }
  }
  await sql.raw(`create trigger injected_failure before ${on} on ${table} begin select raise(abort, 'injected failure'); end`).execute(db)
  return async () => {
    await sql`drop trigger injected_failure`.execute(db)
  }
}

async function stateOf(eventId: string, reportIds: string[], people: TestUser[]) {
  const db = api.app.ctx.db
  const [post, log, reports, notices] = await Promise.all([
    db.selectFrom('posts').select(['title', 'moderation_status']).where('id', '=', eventId).executeTakeFirstOrThrow(),
    db.selectFrom('moderation_log').select('field').where('target_id', '=', eventId).execute(),
    reportIds.length ? db.selectFrom('reports').select('status').where('id', 'in', reportIds).orderBy('status').execute() : [],
    db.selectFrom('notifications').select('notification_type').where('recipient_id', 'in', people.map((p) => p.id)).execute(),
  ])
  return { title: post.title, status: post.moderation_status, logLines: log.length, reports: reports.map((r) => r.status), notices: notices.length }
}

describe('a report closed with a decision is all or nothing', () => {
  for (const failing of [
    { table: 'moderation_log', on: 'INSERT' },
    { table: 'notifications', on: 'INSERT' },
    { table: 'reports', on: 'UPDATE' },
  ] satisfies FailingStatement[]) {
    it(`leaves no trace when the ${failing.on} on ${failing.table} fails, and does it all once it works`, async () => {
      const [a, b, organizer] = await Promise.all([makeUser(api), makeUser(api), makeUser(api)])
      const event = await createEvent(api, organizer.token)
      const reportIds: string[] = []
      for (const reporter of [a, b]) {
        const res = await send(api, 'POST', '/reports', { token: reporter.token, json: { targetType: 'POST', targetId: event._id, reason: 'spam' } })
        reportIds.push(res.body._id)
      }
      const before = await stateOf(event._id, reportIds, [a, b, organizer])
      const decision = { status: 'RESOLVED', resolutionNote: 'Spam.', action: 'rejectInfo', wholeTarget: true }

      const restore = await failOn(failing)
      const failed = await send(api, 'PATCH', `/admin/reports/${reportIds[0]}`, { token: admin.token, json: decision })
      await restore()
      expect(failed.status).toBe(500)
      expect(await stateOf(event._id, reportIds, [a, b, organizer])).toEqual(before)

      const done = await send(api, 'PATCH', `/admin/reports/${reportIds[0]}`, { token: admin.token, json: decision })
      expect(done.status, done.text).toBe(200)
      expect(await stateOf(event._id, reportIds, [a, b, organizer])).toEqual({
        ...before,
        status: 'REJECTED',
        logLines: 1,
        reports: ['RESOLVED', 'RESOLVED'],
        // The owner's moderation notice and each reporter's "reviewed".
        notices: before.notices + 3,
      })
    })
  }
})

describe('a decision on a post is all or nothing', () => {
  it('a rejection whose notice fails leaves the post as it was, with no log line', async () => {
    const organizer = await makeUser(api)
    const event = await createEvent(api, organizer.token)
    const before = await stateOf(event._id, [], [organizer])
    const restore = await failOn({ table: 'notifications', on: 'INSERT' })
    const failed = await send(api, 'PATCH', `/admin/posts/${event._id}`, { token: admin.token, json: { moderationStatus: 'REJECTED', reason: 'No.' } })
    await restore()
    expect(failed.status).toBe(500)
    expect(await stateOf(event._id, [], [organizer])).toEqual(before)
  })

  it("a super admin's edit whose log line fails changes neither the content nor the status", async () => {
    const organizer = await makeUser(api)
    const event = await createEvent(api, organizer.token)
    const before = await stateOf(event._id, [], [organizer])
    const edit = { ...baseEvent({ title: 'Edited by the moderators' }), eventType: undefined, accessType: undefined, moderationStatus: 'REJECTED', reason: 'Title.' }
    const restore = await failOn({ table: 'moderation_log', on: 'INSERT' })
    const failed = await send(api, 'PATCH', `/admin/posts/${event._id}`, { token: superAdmin.token, json: edit })
    await restore()
    expect(failed.status).toBe(500)
    expect(await stateOf(event._id, [], [organizer])).toEqual(before)
    const done = await send(api, 'PATCH', `/admin/posts/${event._id}`, { token: superAdmin.token, json: edit })
    expect(done.status, done.text).toBe(200)
    expect(await stateOf(event._id, [], [organizer])).toMatchObject({ title: 'Edited by the moderators', status: 'REJECTED', logLines: 2 })
  })
})

describe('own reports', () => {
  it('a moderator cannot dismiss, resolve or act on a report about their own post or profile; another moderator can', async () => {
    const [reporter, otherAdmin] = await Promise.all([makeUser(api), makeUser(api, { role: 'admin' })])
    const event = await createEvent(api, admin.token)
    const aboutPost = await send(api, 'POST', '/reports', { token: reporter.token, json: { targetType: 'POST', targetId: event._id, reason: 'spam' } })
    const aboutProfile = await send(api, 'POST', '/reports', { token: reporter.token, json: { targetType: 'USER', targetId: admin.id, reason: 'spam' } })
    for (const id of [aboutPost.body._id, aboutProfile.body._id]) {
      for (const json of [{ status: 'DISMISSED' }, { status: 'RESOLVED' }, { status: 'RESOLVED', action: 'rejectInfo' }, { status: 'DISMISSED', wholeTarget: true }]) {
        const res = await send(api, 'PATCH', `/admin/reports/${id}`, { token: admin.token, json })
        expect(res.status, JSON.stringify(json)).toBe(403)
        expect(res.body.code).toBe('ownContent')
      }
    }
    const open = await api.app.ctx.db.selectFrom('reports').select('status').where('id', 'in', [aboutPost.body._id, aboutProfile.body._id]).execute()
    expect(open.map((r) => r.status)).toEqual(['OPEN', 'OPEN'])
    const byOther = await send(api, 'PATCH', `/admin/reports/${aboutPost.body._id}`, { token: otherAdmin.token, json: { status: 'DISMISSED' } })
    expect(byOther.status).toBe(200)
  })
})
