// Event reminders (docs/decisions/030-event-reminders.md): the job `send-event-reminders` sends each
// participant a reminder about a day and about an hour before the start — a notification (socket and web
// push) and a mail in the user's language — once, however many API instances run it at the same time; not
// for cancelled, deleted, rejected, ended or undated events, places, people who left, switched-off or
// deactivated users; late ones only while still meaningful. The clock of the rules is injected (ctx.now).
// Two API instances on one database: one SQLite file, or with TEST_DATABASE=postgres one PostgreSQL database.
import sharp from 'sharp'
import decodeQR from 'qr/decode.js'
import webpush from 'web-push'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { formatDateTime, notificationSchema } from '#contract'
import { apiJobs } from '../../api/jobs'
import { createScheduler } from '../../api/jobs/scheduler'
import { CHECKIN_QR_CID } from '../../api/mail/checkin-qr'
import { createRemindersService } from '../../api/modules/reminders/service'
import { createPgDatabase, startTestApi, usePostgres, type TestApi } from './helpers'
import { createEvent, makeUser, makeUsers, placeFields, send, type TestUser } from './events-fixtures'
import { notificationsOf } from './notify-fixtures'
import { type PushReceiver, startPushReceiver } from '../support/push-receiver'

const HOUR = 3_600_000
const vapid = webpush.generateVAPIDKeys()
const clock = { now: new Date() }

let a: TestApi
let b: TestApi
let receiver: PushReceiver
let database: { url: string; drop(): Promise<void> } | null = null

beforeAll(async () => {
  receiver = await startPushReceiver({ expectedVapidPublicKey: vapid.publicKey })
  const env = {
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    ALLOW_PRIVATE_ADDRESSES: 'true',
    TIME_ZONE: 'Europe/Belgrade',
  }
  const overrides = { clock: () => clock.now }
  if (usePostgres) {
    database = await createPgDatabase()
    a = await startTestApi({ ...env, DATABASE_URL: database.url }, undefined, overrides)
    b = await startTestApi({ ...env, DATABASE_URL: database.url }, undefined, overrides)
  } else {
    a = await startTestApi(env, undefined, overrides)
    // The second instance opens the first one's SQLite file.
    b = await startTestApi({ ...env, DATABASE_URL: a.config.databaseUrl }, undefined, overrides)
  }
})
afterAll(async () => {
  await a?.close()
  await b?.close()
  await database?.drop()
  await receiver?.close()
})

// Each test counts only its own reminders: the events of earlier tests lose their participants.
afterEach(async () => {
  await settle()
  await a.app.ctx.db.deleteFrom('post_participants').execute()
})

const db = () => a.app.ctx.db
const runJob = (api: TestApi = a) => createRemindersService(api.app.ctx).sendDue()
/** Every mail and notification of the runs so far has been stored and handed over. */
async function settle() {
  await Promise.all([a.app.ctx.flushMail(), b.app.ctx.flushMail()])
}
const mailsTo = (email: string) => [...a.smtp.mailsTo(email), ...b.smtp.mailsTo(email)]
const emailOf = (u: TestUser) => `${u.username}@example.com`.toLowerCase()

/** What a PNG's QR code says, read as a phone camera would (its pixels, not our encoder's matrix). */
async function decodePng(base64: string): Promise<string> {
  const { data, info } = await sharp(Buffer.from(base64, 'base64')).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
  return decodeQR({ width: info.width, height: info.height, data })
}

async function reminderRows(user: TestUser) {
  return (await notificationsOf(a, user.id)).filter((n) => n.notification_type === 'eventReminder')
}

/** An event starting `days` from now (real time: the API refuses past dates), joined by the participants. */
async function eventWith(organizer: TestUser, participants: TestUser[], title = 'Jazz night', days = 3) {
  const ev = await createEvent(a, organizer.token, { title, startDate: future(days), endDate: future(days, 3) })
  for (const p of participants) {
    const res = await send(a, 'PUT', `/event/${ev._id}/participate`, { token: p.token, json: { participate: true } })
    expect(res.status).toBe(200)
  }
  return { id: ev._id, start: Date.parse(ev.startDate as string) }
}

function future(days: number, plusHours = 0): string {
  const d = new Date()
  d.setUTCDate(d.getUTCDate() + days)
  d.setUTCHours(17 + plusHours, 0, 0, 0)
  return d.toISOString()
}

const at = (start: number, offsetMs: number) => {
  clock.now = new Date(start + offsetMs)
}

describe('the reminders job', () => {
  it('sends the 24h and the 1h reminder once each: notification, push and a mail in the user’s language', async () => {
    const [organizer, en, ru] = (await makeUsers(a, 3)) as [TestUser, TestUser, TestUser]
    await db().updateTable('users').set({ locale: 'ru' }).where('id', '=', ru.id).execute()
    const sub = receiver.subscribe()
    expect((await send(a, 'POST', '/push/web', { token: en.token, json: { subscription: sub.subscription } })).status).toBe(201)
    const ev = await eventWith(organizer, [en, ru], 'Riverside jazz')
    const timeEn = formatDateTime(new Date(ev.start).toISOString(), 'en', 'Europe/Belgrade')
    const timeRu = formatDateTime(new Date(ev.start).toISOString(), 'ru', 'Europe/Belgrade')
    expect(timeEn).toMatch(/^\d\d \w{3} \d{4}, \d\d:\d\d$/)

    // More than a day ahead: nothing yet.
    at(ev.start, -25 * HOUR)
    await runJob()
    expect(await reminderRows(en)).toHaveLength(0)

    at(ev.start, -23 * HOUR)
    expect(await runJob()).toMatchObject({ '24h': 2, '1h': 0 })
    await settle()
    for (const u of [en, ru]) expect((await reminderRows(u)).map((n) => [n.entity_id, n.reminder_kind, n.user_from])).toEqual([[ev.id, '24h', null]])
    expect(await reminderRows(organizer)).toHaveLength(0)

    const mailEn = mailsTo(emailOf(en))
    expect(mailEn).toHaveLength(1)
    expect(mailEn[0]?.subject).toBe(`Nearby: reminder — “Riverside jazz”, ${timeEn}`)
    expect(mailEn[0]?.text).toContain(`Starts: ${timeEn}`)
    expect(mailEn[0]?.text).toContain(`http://web.test/event/${ev.id}`)
    const mailRu = mailsTo(emailOf(ru))
    expect(mailRu).toHaveLength(1)
    expect(mailRu[0]?.subject).toBe(`Nearby: напоминание — «Riverside jazz», ${timeRu}`)
    expect(mailRu[0]?.text).toContain(`Начало: ${timeRu}`)
    expect(mailRu[0]?.text).toContain(`http://web.test/event/${ev.id}`)

    const [push] = await receiver.waitForMessages(sub.id)
    expect(push?.payload).toMatchObject({
      title: 'Nearby',
      body: `Reminder: “Riverside jazz” starts on ${timeEn}`,
      url: `http://web.test/event/${ev.id}`,
      notificationType: 'eventReminder',
    })

    // The next runs of the same window send nothing again.
    at(ev.start, -22 * HOUR)
    expect(await runJob()).toMatchObject({ '24h': 0, '1h': 0 })
    at(ev.start, -61 * 60_000)
    expect(await runJob()).toMatchObject({ '24h': 0, '1h': 0 })

    at(ev.start, -59 * 60_000)
    expect(await runJob()).toMatchObject({ '24h': 0, '1h': 2 })
    expect(await runJob()).toMatchObject({ '24h': 0, '1h': 0 })
    await settle()
    for (const u of [en, ru]) expect((await reminderRows(u)).map((n) => n.reminder_kind).sort()).toEqual(['1h', '24h'])
    expect(mailsTo(emailOf(en))).toHaveLength(2)
    expect(mailsTo(emailOf(en))[1]?.subject).toBe(`Nearby: starting soon — “Riverside jazz”, ${timeEn}`)
    expect(mailsTo(emailOf(ru))[1]?.subject).toBe(`Nearby: скоро начало — «Riverside jazz», ${timeRu}`)
    const pushes = await receiver.waitForMessages(sub.id, 2)
    expect(pushes[1]?.payload).toMatchObject({ body: `Starting soon: “Riverside jazz”, ${timeEn}`, notificationType: 'eventReminder' })

    // The API's notification list tells which reminder and when the event starts.
    const list = await send(a, 'GET', '/notifications', { token: ru.token })
    expect(list.status).toBe(200)
    const reminders = (list.body.notifications as unknown[]).map((n) => notificationSchema.parse(n)).filter((n) => n.notificationType === 'eventReminder')
    expect(reminders.map((n) => [n.reminder?.kind, n.reminder?.startDate, n.post?.title, n.userFrom])).toEqual([
      ['1h', new Date(ev.start).toISOString(), 'Riverside jazz', null],
      ['24h', new Date(ev.start).toISOString(), 'Riverside jazz', null],
    ])

    // After the start: nothing more.
    at(ev.start, 5 * 60_000)
    expect(await runJob()).toMatchObject({ '24h': 0, '1h': 0 })
  })

  it('the mail of an event in person carries the check-in code and its QR code, which reads as the organizer’s check-in link; an online one neither', async () => {
    const [organizer, en, ru] = (await makeUsers(a, 3)) as [TestUser, TestUser, TestUser]
    await db().updateTable('users').set({ locale: 'ru' }).where('id', '=', ru.id).execute()
    const inPerson = await eventWith(organizer, [en, ru], 'Door night')
    const online = await eventWith(organizer, [en], 'Stream night', 4)
    await db().updateTable('posts').set({ attendance_mode: 'ONLINE', online_url: 'https://meet.example.org/stream' }).where('id', '=', online.id).execute()
    const codeOf = async (user: TestUser, postId: string) =>
      (await db().selectFrom('post_participants').select('checkin_code').where('post_id', '=', postId).where('user_id', '=', user.id).executeTakeFirstOrThrow()).checkin_code!

    at(inPerson.start, -20 * HOUR)
    expect(await runJob()).toMatchObject({ '24h': 2 })
    await settle()
    const [mail] = mailsTo(emailOf(en))
    const code = await codeOf(en, inPerson.id)
    expect(code).toMatch(/^[A-Z0-9]{6}$/)
    expect(mail?.text).toContain(`Your check-in code: ${code}`)
    expect(mail?.html).toContain(`<img src="cid:${CHECKIN_QR_CID}"`)
    expect(mail?.html).toContain(`alt="QR code of your check-in code ${code}"`)
    expect(mail?.attachments).toHaveLength(1)
    const picture = mail!.attachments[0]!
    expect(picture).toMatchObject({ contentType: 'image/png', cid: CHECKIN_QR_CID })
    expect(await decodePng(picture.content)).toBe(`http://web.test/event/${inPerson.id}/checkin?code=${code}`)
    const [mailRu] = mailsTo(emailOf(ru))
    expect(mailRu?.text).toContain(`Код для входа: ${await codeOf(ru, inPerson.id)}`)
    expect(await decodePng(mailRu!.attachments[0]!.content)).toBe(`http://web.test/event/${inPerson.id}/checkin?code=${await codeOf(ru, inPerson.id)}`)

    at(online.start, -20 * HOUR)
    expect(await runJob()).toMatchObject({ '24h': 1 })
    await settle()
    const onlineMail = mailsTo(emailOf(en)).find((m) => m.subject.includes('Stream night'))
    expect(onlineMail?.text).toContain('Join online: https://meet.example.org/stream')
    expect(onlineMail?.text).not.toContain('check-in code')
    expect(onlineMail?.attachments).toEqual([])
  })

  it('two instances running the job at the same time send each reminder once', async () => {
    const organizer = await makeUser(a)
    const people = await makeUsers(a, 12)
    const ev = await eventWith(organizer, people, 'Crowded gig')
    at(ev.start, -20 * HOUR)
    // The reminders' own claim, without the jobs' lease: four runs race on two instances.
    const outcomes = await Promise.all([runJob(a), runJob(b), runJob(a), runJob(b)])
    expect(outcomes.reduce((n, o) => n + o['24h'], 0)).toBe(12)
    await settle()
    const rows = await db().selectFrom('notifications').select(['recipient_id']).where('entity_id', '=', ev.id).where('notification_type', '=', 'eventReminder').execute()
    expect(rows.map((r) => r.recipient_id).sort()).toEqual(people.map((p) => p.id).sort())
    for (const p of people) expect(mailsTo(emailOf(p))).toHaveLength(1)

    // Through the scheduler as deployed (every instance wakes each minute): still once.
    at(ev.start, -30 * 60_000)
    const job = apiJobs(a.app.ctx).find((j) => j.name === 'send-event-reminders')!
    const jobB = apiJobs(b.app.ctx).find((j) => j.name === 'send-event-reminders')!
    expect(job.schedule).toBe('* * * * *')
    const schedulers = [
      createScheduler(a.app.ctx.db, [job], { log: a.app.log, now: () => clock.now }),
      createScheduler(b.app.ctx.db, [jobB], { log: b.app.log, now: () => clock.now }),
    ]
    const runs = await Promise.all([0, 1, 0, 1].map((i) => schedulers[i]!.runDue(job.name)))
    expect(runs.filter((r) => r.ran)).toHaveLength(1)
    expect(runs.find((r) => r.ran)?.result).toMatchObject({ '1h': 12 })
    await settle()
    for (const p of people) {
      expect((await reminderRows(p)).map((n) => n.reminder_kind).sort()).toEqual(['1h', '24h'])
      expect(mailsTo(emailOf(p))).toHaveLength(2)
    }
  })

  it('not for cancelled, deleted, rejected, ended or undated events, places, people who left, switched-off or deactivated users', async () => {
    const [organizer, stays, leaves, no24, noMail, disabled, deleting, pending] = (await makeUsers(a, 8)) as TestUser[] as [
      TestUser, TestUser, TestUser, TestUser, TestUser, TestUser, TestUser, TestUser,
    ]
    const ok = await eventWith(organizer, [stays, leaves, no24, noMail, disabled, deleting, pending], 'Still on')
    const cancelled = await eventWith(organizer, [stays], 'Cancelled one')
    const deleted = await eventWith(organizer, [stays], 'Deleted one')
    const rejected = await eventWith(organizer, [stays], 'Rejected one')
    const undated = await eventWith(organizer, [stays], 'Undated one')
    const place = await createEvent(a, (await makeUser(a, { role: 'admin' })).token, placeFields({ title: 'A place' }))
    const ended = await eventWith(organizer, [stays], 'Ended early')
    // A second organizer whose account is being deleted: the event is hidden, so no reminders.
    const [gone] = (await makeUsers(a, 1)) as [TestUser]
    const hidden = await eventWith(gone, [stays], 'Hidden one')

    const ts = (ms: number) => new Date(ms).toISOString()
    await db().updateTable('posts').set({ cancelled_at: ts(Date.now()) }).where('id', '=', cancelled.id).execute()
    await db().updateTable('posts').set({ post_status: 'DELETED' }).where('id', '=', deleted.id).execute()
    await db().updateTable('posts').set({ moderation_status: 'REJECTED' }).where('id', '=', rejected.id).execute()
    await db().updateTable('posts').set({ start_date: null, end_date: null }).where('id', '=', undated.id).execute()
    // A place never has reminders, even with a date in its row; one that ended (a bad end date) neither.
    await db().updateTable('posts').set({ start_date: ts(ok.start) }).where('id', '=', place._id).execute()
    await db().insertInto('post_participants').values({ post_id: place._id, user_id: stays.id, created_at: ts(Date.now()) }).execute()
    await db().updateTable('posts').set({ end_date: ts(ok.start - 30 * HOUR) }).where('id', '=', ended.id).execute()
    await db().updateTable('users').set({ deletion_requested_at: ts(Date.now()) }).where('id', '=', gone.id).execute()

    expect((await send(a, 'PUT', `/event/${ok.id}/participate`, { token: leaves.token, json: { participate: false } })).status).toBe(200)
    await db().updateTable('users').set({ remind_24h: 0 }).where('id', '=', no24.id).execute()
    await db().updateTable('users').set({ remind_by_mail: 0 }).where('id', '=', noMail.id).execute()
    await db().updateTable('users').set({ disabled_at: ts(Date.now()) }).where('id', '=', disabled.id).execute()
    await db().updateTable('users').set({ deletion_requested_at: ts(Date.now()) }).where('id', '=', deleting.id).execute()
    await db().updateTable('users').set({ is_activated: 0 }).where('id', '=', pending.id).execute()

    at(ok.start, -23 * HOUR)
    await runJob()
    await settle()
    const sentTo = async (postId: string, kind: string) =>
      (await db().selectFrom('notifications').select('recipient_id').where('entity_id', '=', postId).where('reminder_kind', '=', kind).execute())
        .map((r) => r.recipient_id)
        .sort()
    expect(await sentTo(ok.id, '24h')).toEqual([stays.id, noMail.id].sort())
    for (const other of [cancelled, deleted, rejected, undated, ended, hidden]) expect(await sentTo(other.id, '24h')).toEqual([])
    expect(await sentTo(place._id, '24h')).toEqual([])
    expect(mailsTo(emailOf(stays))).toHaveLength(1)
    expect(mailsTo(emailOf(noMail))).toHaveLength(0)
    for (const u of [leaves, no24, disabled, deleting, pending]) expect(mailsTo(emailOf(u))).toHaveLength(0)

    // The 1h switch is on for no24: the hour-before reminder comes.
    at(ok.start, -40 * 60_000)
    await runJob()
    await settle()
    expect(await sentTo(ok.id, '1h')).toEqual([stays.id, no24.id, noMail.id].sort())
    expect(mailsTo(emailOf(no24))).toHaveLength(1)
    expect(mailsTo(emailOf(noMail))).toHaveLength(0)
    for (const other of [cancelled, deleted, rejected, undated, ended, hidden]) expect(await sentTo(other.id, '1h')).toEqual([])
  })

  it('after a restart, late reminders only while still meaningful', async () => {
    const [organizer, p] = (await makeUsers(a, 2)) as [TestUser, TestUser]
    // Down during the whole day before: back 30 minutes before the start → only the 1h reminder.
    const soon = await eventWith(organizer, [p], 'Back just in time')
    at(soon.start, -30 * 60_000)
    expect(await runJob()).toMatchObject({ '24h': 0, '1h': 1 })
    expect((await reminderRows(p)).filter((n) => n.entity_id === soon.id).map((n) => n.reminder_kind)).toEqual(['1h'])

    // Back 5 hours before the start: the (late) 24h reminder still makes sense; the 1h one comes later.
    const later = await eventWith(organizer, [p], 'Back in the afternoon', 4)
    at(later.start, -5 * HOUR)
    expect(await runJob()).toMatchObject({ '24h': 1, '1h': 0 })

    // A restart runs the job at once (the scheduler tries every job at start): the same rules apply.
    at(later.start, -45 * 60_000)
    const job = apiJobs(a.app.ctx).find((j) => j.name === 'send-event-reminders')!
    await db().updateTable('jobs').set({ next_run_at: clock.now.toISOString(), lease_owner: null, lease_until: null }).where('name', '=', job.name).execute()
    const restarted = createScheduler(a.app.ctx.db, [job], { log: a.app.log, now: () => clock.now })
    expect((await restarted.runDue(job.name)).result).toMatchObject({ '24h': 0, '1h': 1 })
    expect((await reminderRows(p)).filter((n) => n.entity_id === later.id).map((n) => n.reminder_kind).sort()).toEqual(['1h', '24h'])

    // Back after the start: nothing.
    const missed = await eventWith(organizer, [p], 'Missed it', 5)
    at(missed.start, 10 * 60_000)
    expect(await runJob()).toMatchObject({ '24h': 0, '1h': 0 })
    expect((await reminderRows(p)).filter((n) => n.entity_id === missed.id)).toEqual([])
  })

  it('an event moved to a new start is reminded of again', async () => {
    const [organizer, p] = (await makeUsers(a, 2)) as [TestUser, TestUser]
    const ev = await eventWith(organizer, [p], 'Moved show')
    at(ev.start, -20 * HOUR)
    expect(await runJob()).toMatchObject({ '24h': 1 })
    const moved = ev.start + 48 * HOUR
    await db().updateTable('posts').set({ start_date: new Date(moved).toISOString(), end_date: null }).where('id', '=', ev.id).execute()
    at(moved, -20 * HOUR)
    expect(await runJob()).toMatchObject({ '24h': 1 })
    expect(await runJob()).toMatchObject({ '24h': 0 })
    await settle()
  })

  it('an event online: the reminder mail, the notification and the push carry the link to take part (issue 43)', async () => {
    const [organizer, p] = (await makeUsers(a, 2)) as [TestUser, TestUser]
    const link = 'https://meet.example.org/online-reminder'
    const sub = receiver.subscribe()
    expect((await send(a, 'POST', '/push/web', { token: p.token, json: { subscription: sub.subscription } })).status).toBe(201)
    const ev = await eventWith(organizer, [p], 'Online talk')
    await db().updateTable('posts').set({ attendance_mode: 'ONLINE', online_url: link }).where('id', '=', ev.id).execute()
    at(ev.start, -20 * HOUR)
    expect(await runJob()).toMatchObject({ '24h': 1 })
    await settle()
    const [mail] = mailsTo(emailOf(p))
    expect(mail?.text).toContain(`Join online: ${link}`)
    expect(mail?.html).toContain(`href="${link}"`)
    const list = await send(a, 'GET', '/notifications', { token: p.token })
    const reminder = (list.body.notifications as unknown[]).map((n) => notificationSchema.parse(n)).find((n) => n.notificationType === 'eventReminder')
    expect(reminder?.reminder?.onlineUrl).toBe(link)
    const [push] = await receiver.waitForMessages(sub.id)
    expect(String((push?.payload as { body?: string }).body)).toContain(`Online: ${link}`)
  })
})

describe('GET and PUT /profile/notificationSettings', () => {
  const path = '/profile/notificationSettings'

  it('needs an activated user', async () => {
    expect((await send(a, 'GET', path)).status).toBe(401)
    expect((await send(a, 'PUT', path, { json: { remind24h: true, remind1h: true, remindByMail: true } })).status).toBe(401)
    const inactive = await makeUser(a, { activated: false })
    expect((await send(a, 'GET', path, { token: inactive.token })).status).toBe(403)
  })

  it('answers every switch on by default, saves them and refuses bad bodies with 400', async () => {
    const me = await makeUser(a)
    const get = await send(a, 'GET', path, { token: me.token })
    expect(get.status).toBe(200)
    expect(get.body).toEqual({ remind24h: true, remind1h: true, remindByMail: true })

    for (const json of [{}, { remind24h: true }, { remind24h: 'yes', remind1h: true, remindByMail: true }, { remind24h: null, remind1h: true, remindByMail: true }, [], 'on']) {
      const res = await send(a, 'PUT', path, { token: me.token, json })
      expect(res.status, JSON.stringify(json)).toBe(400)
      expect(res.body).toMatchObject({ message: expect.any(String), errors: expect.any(Object) })
    }
    const broken = await a.request('PUT', path, { token: me.token, rawBody: '{"remind24h":', headers: { 'content-type': 'application/json' } })
    expect(broken.status).toBe(400)
    const ru = await send(a, 'PUT', path, { token: me.token, json: { remind24h: true }, lang: 'ru' })
    expect(ru.status).toBe(400)
    expect(ru.body.errors.remind1h).toEqual(['Это поле обязательно!'])

    const put = await send(a, 'PUT', path, { token: me.token, json: { remind24h: true, remind1h: false, remindByMail: false } })
    expect(put.status).toBe(200)
    expect(put.body).toEqual({ remind24h: true, remind1h: false, remindByMail: false })
    expect((await send(a, 'GET', path, { token: me.token })).body).toEqual({ remind24h: true, remind1h: false, remindByMail: false })
    const row = await db().selectFrom('users').select(['remind_24h', 'remind_1h', 'remind_by_mail']).where('id', '=', me.id).executeTakeFirstOrThrow()
    expect([row.remind_24h, row.remind_1h, row.remind_by_mail].map(Number)).toEqual([1, 0, 0])
  })
})
