// `npm run proof:races` — the last seat (issue 10, part 5a). A measurement that prints figures, not a test.
//
// For each database (SQLite file, PostgreSQL database of its own), two real API instances share it — one in
// this process (buildApp over HTTP, as tests/api does), one a process of its own (api/main.ts), so that two
// processes really take seats at the same time — and in each trial 30 distinct activated users ask for a
// seat at once, their requests alternating between the instances:
//   join    PUT /event/{id}/participate {participate: true} on a COMMON event
//   accept  POST /invitations/{invitationId}/respond {status: ACCEPTED} on a PRIVATE event all 30 were invited to
//   mixed   15 invitees accept and 15 others join the same COMMON event
//   storm   the waiting list (issue 11): the event is full and 14 people wait in a known order; at once every
//           participant leaves, 3 of those waiting leave the line, 3 newcomers join directly and 3 queue
// with a participant limit of 1 and of 10. Afterwards the database is read: an over-booking is an event with
// more participants than its limit; a lost join is a 200 whose participant row is not there; a phantom is a
// row nobody was told about; a refusal must be 409 eventFull, anything else is an error. In a storm, a skipped
// place is someone seated while a person ahead of them in line still waits (newcomers are behind everyone), or
// a line whose order changed.
//
//   npm run proof:races                       200 trials, SQLite and PostgreSQL (skipped if unreachable)
//   npm run proof:races -- --trials 50 --db sqlite|postgres|both
import { createEvent, makeUsers, send, type TestUser } from '../../tests/api/events-fixtures'
import { createPgDatabase, startTestApi, type TestApi } from '../../tests/api/helpers'
import { flag, intFlag, postgresReachable, printTable, seconds, startApiProcess } from './lib'
import { withCheckinCodes } from '../../api/modules/events/checkin-codes'

const TRIALS = intFlag('trials', 200)
const DB = flag('db', 'both')
const USERS = 30
const LIMITS = [1, 10] as const
const SCENARIOS = ['join', 'accept', 'mixed', 'storm'] as const
const WAITING = 14
type Scenario = (typeof SCENARIOS)[number]

interface Tally {
  trials: number
  requests: number
  accepted: number
  refused: number
  errors: number
  overBooked: number
  lost: number
  phantom: number
  emptySeats: number
  statusMismatch: number
  skipped: number
  maxSeen: number
  ms: number
  firstProblem?: string
}

const emptyTally = (): Tally => ({
  trials: 0,
  requests: 0,
  accepted: 0,
  refused: 0,
  errors: 0,
  overBooked: 0,
  lost: 0,
  phantom: 0,
  emptySeats: 0,
  statusMismatch: 0,
  skipped: 0,
  maxSeen: 0,
  ms: 0,
})

async function inviteAll(
  api: TestApi,
  organizer: TestUser,
  postId: string,
  users: TestUser[],
): Promise<string> {
  const res = await send(api, 'POST', '/invitations', {
    token: organizer.token,
    json: { postId, recipientIds: users.map((u) => u.id) },
  })
  if (res.status !== 201) throw new Error(`invite failed: ${res.status} ${res.text}`)
  return res.body._id as string
}

/** An API instance: its URL (the first one is also the in-process TestApi). */
interface Instance {
  url: string
}

async function trial(
  main: TestApi,
  apis: Instance[],
  organizer: TestUser,
  users: TestUser[],
  scenario: Scenario,
  limit: number,
  tally: Tally,
): Promise<void> {
  if (scenario === 'storm') return storm(main, apis, organizer, users, limit, tally)
  const accessType = scenario === 'accept' ? 'PRIVATE' : 'COMMON'
  const event = await createEvent(main, organizer.token, { maxParticipants: limit, accessType })
  const invitees = scenario === 'accept' ? users : scenario === 'mixed' ? users.slice(0, USERS / 2) : []
  const invitationId = invitees.length ? await inviteAll(main, organizer, event._id, invitees) : null
  const inviteeIds = new Set(invitees.map((u) => u.id))

  const started = performance.now()
  // Every request is started in the same tick; they alternate between the instances.
  const answers = await Promise.all(
    users.map((u, i) => {
      const api = apis[i % apis.length] as TestApi // send() reads only .url
      return inviteeIds.has(u.id)
        ? send(api, 'POST', `/invitations/${invitationId}/respond`, {
            token: u.token,
            json: { status: 'ACCEPTED' },
          })
        : send(api, 'PUT', `/event/${event._id}/participate`, { token: u.token, json: { participate: true } })
    }),
  )
  tally.ms += performance.now() - started

  const told = new Set<string>()
  answers.forEach((res, i) => {
    const user = users[i] as TestUser
    tally.requests += 1
    if (res.status === 200 && res.body?.isParticipant === true) {
      tally.accepted += 1
      told.add(user.id)
    } else if (res.status === 409 && res.body?.code === 'eventFull') tally.refused += 1
    else {
      tally.errors += 1
      tally.firstProblem ??= `${scenario}/${limit}: ${res.status} ${res.text.slice(0, 200)}`
    }
  })

  const db = main.app.ctx.db
  const rows = await db
    .selectFrom('post_participants')
    .select('user_id')
    .where('post_id', '=', event._id)
    .execute()
  const seated = new Set(rows.map((r) => r.user_id))
  tally.trials += 1
  tally.maxSeen = Math.max(tally.maxSeen, seated.size)
  if (seated.size > limit) {
    tally.overBooked += 1
    tally.firstProblem ??= `${scenario}/${limit}: ${seated.size} participants on event ${event._id}`
  }
  tally.emptySeats += Math.max(0, Math.min(limit, USERS) - seated.size)
  for (const id of told) if (!seated.has(id)) tally.lost += 1
  for (const id of seated) if (!told.has(id)) tally.phantom += 1
  if (invitationId) {
    // An accepted invitation is a seat, and a refused one (409) keeps its PENDING status.
    const accepted = await db
      .selectFrom('invitation_recipients')
      .select('recipient_id')
      .where('invitation_id', '=', invitationId)
      .where('status', '=', 'ACCEPTED')
      .execute()
    const acceptedIds = new Set(accepted.map((r) => r.recipient_id))
    const seatedInvitees = [...seated].filter((id) => inviteeIds.has(id))
    if (acceptedIds.size !== seatedInvitees.length || seatedInvitees.some((id) => !acceptedIds.has(id))) {
      tally.statusMismatch += 1
      tally.firstProblem ??= `${scenario}/${limit}: ${acceptedIds.size} ACCEPTED, ${seatedInvitees.length} invitees seated`
    }
  }
}

/** Leave/join storm with a waiting list: see the header. */
async function storm(main: TestApi, apis: Instance[], organizer: TestUser, users: TestUser[], limit: number, tally: Tally): Promise<void> {
  const event = await createEvent(main, organizer.token, { maxParticipants: limit })
  const seatedFirst = users.slice(0, limit)
  const waiting = users.slice(limit, limit + WAITING)
  const newcomers = users.slice(limit + WAITING, limit + WAITING + 6)
  const lineLeavers = new Set([waiting[0], waiting[5], waiting[9]].map((u) => (u as TestUser).id))
  // The starting state is written directly: a full event and a line in a known order.
  const db = main.app.ctx.db
  const now = new Date().toISOString()
  await db.insertInto('post_participants').values(withCheckinCodes(seatedFirst.map((u) => ({ post_id: event._id, user_id: u.id, created_at: now })))).execute()
  await db
    .insertInto('post_waitlist')
    .values(waiting.map((u, i) => ({ post_id: event._id, user_id: u.id, position: i + 1, created_at: now })))
    .execute()

  const calls: { user: TestUser; kind: 'leave' | 'leaveLine' | 'join' | 'queue' }[] = [
    ...seatedFirst.map((user) => ({ user, kind: 'leave' as const })),
    ...waiting.filter((u) => lineLeavers.has(u.id)).map((user) => ({ user, kind: 'leaveLine' as const })),
    ...newcomers.map((user, i) => ({ user, kind: i % 2 ? ('join' as const) : ('queue' as const) })),
  ]
  const started = performance.now()
  const answers = await Promise.all(
    calls.map(({ user, kind }, i) => {
      const api = apis[i % apis.length] as TestApi
      const path = `/event/${event._id}/${kind === 'leave' || kind === 'join' ? 'participate' : 'waitlist'}`
      if (kind === 'leave' || kind === 'join') return send(api, 'PUT', path, { token: user.token, json: { participate: kind === 'join' } })
      return send(api, kind === 'queue' ? 'PUT' : 'DELETE', path, { token: user.token })
    }),
  )
  tally.ms += performance.now() - started
  answers.forEach((res, i) => {
    tally.requests += 1
    const kind = calls[i]?.kind
    if (res.status === 200) tally.accepted += kind === 'join' && res.body?.isParticipant ? 1 : 0
    else if (res.status === 409 && res.body?.code === 'eventFull' && kind === 'join') tally.refused += 1
    else {
      tally.errors += 1
      tally.firstProblem ??= `storm/${limit}: ${kind} ${res.status} ${res.text.slice(0, 200)}`
    }
  })

  const seated = new Set(
    (await db.selectFrom('post_participants').select('user_id').where('post_id', '=', event._id).execute()).map((r) => r.user_id),
  )
  const line = (
    await db.selectFrom('post_waitlist').select(['user_id', 'position']).where('post_id', '=', event._id).orderBy('position').execute()
  ).map((r) => r.user_id)
  tally.trials += 1
  tally.maxSeen = Math.max(tally.maxSeen, seated.size)
  if (seated.size > limit) {
    tally.overBooked += 1
    tally.firstProblem ??= `storm/${limit}: ${seated.size} participants on event ${event._id}`
  }
  tally.emptySeats += Math.max(0, limit - seated.size)
  // Place in line: the known order of those waiting; every newcomer is behind all of them.
  const placeOf = (id: string) => {
    const index = waiting.findIndex((u) => u.id === id)
    return index === -1 ? WAITING : index
  }
  const stillWaiting = line.map(placeOf)
  const firstWaiting = Math.min(...stillWaiting, Infinity)
  const skippedNow = [...seated].filter((id) => placeOf(id) >= firstWaiting).length
  const reordered = stillWaiting.some((place, i) => i > 0 && place < (stillWaiting[i - 1] as number))
  if (skippedNow || reordered) {
    tally.skipped += skippedNow + (reordered ? 1 : 0)
    tally.firstProblem ??= `storm/${limit}: seated ${[...seated].map(placeOf).join(',')}, waiting ${stillWaiting.join(',')}`
  }
}

async function runOn(database: 'sqlite' | 'postgres'): Promise<Record<string, Tally>> {
  const pgDb = database === 'postgres' ? await createPgDatabase() : null
  const first = await startTestApi(pgDb ? { DATABASE_URL: pgDb.url } : {})
  // The second instance opens the same database: the same SQLite file, or the same PostgreSQL database.
  const second = await startApiProcess({
    DATABASE_URL: first.config.databaseUrl,
    DATA_DIR: first.config.dataDir,
    API_PUBLIC_URL: first.config.publicUrl, // the tokens' issuer: one site, two instances
    SMTP_URL: first.smtp.url,
    JOBS_ENABLED: 'false',
  })
  const apis: Instance[] = [first, second]
  const tallies: Record<string, Tally> = {}
  try {
    const [organizer, ...users] = await makeUsers(first, USERS + 1)
    if (users.length < 10 + WAITING + 6) throw new Error('the storm needs more users')
    const now = new Date().toISOString()
    await first.app.ctx.db
      .insertInto('follows')
      .values(
        users.map((u) => ({ follower_id: u.id, followee_id: (organizer as TestUser).id, created_at: now })),
      )
      .execute()
    const started = performance.now()
    for (let t = 0; t < TRIALS; t++) {
      for (const scenario of SCENARIOS) {
        for (const limit of LIMITS) {
          const key = `${scenario}/${limit}`
          tallies[key] ??= emptyTally()
          await trial(first, apis, organizer as TestUser, users, scenario, limit, tallies[key] as Tally)
        }
      }
      if ((t + 1) % 50 === 0)
        console.log(`  ${database}: ${t + 1}/${TRIALS} trials (${seconds(performance.now() - started)})`)
    }
  } finally {
    await second.stop()
    await first.close()
    await pgDb?.drop()
  }
  return tallies
}

async function main() {
  const databases: ('sqlite' | 'postgres')[] = []
  if (DB === 'sqlite' || DB === 'both') databases.push('sqlite')
  if (DB === 'postgres' || DB === 'both') {
    if (await postgresReachable()) databases.push('postgres')
    else
      console.log(
        `PostgreSQL does not answer on ${process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test'}: skipped`,
      )
  }
  console.log(
    `The last seat: ${TRIALS} trials × {join, accept, mixed, storm} × limit {1, 10}, ${USERS} users at once, 2 API instances per database`,
  )
  const rows: Record<string, string | number>[] = []
  const problems: string[] = []
  let overBookings = 0
  let skipped = 0
  let lost = 0
  let errors = 0
  for (const database of databases) {
    const started = performance.now()
    const tallies = await runOn(database)
    console.log(`  ${database}: done in ${seconds(performance.now() - started)}`)
    for (const [key, t] of Object.entries(tallies)) {
      overBookings += t.overBooked
      skipped += t.skipped
      lost += t.lost + t.phantom + t.statusMismatch
      errors += t.errors
      if (t.firstProblem) problems.push(`${database} ${t.firstProblem}`)
      rows.push({
        database,
        'scenario/limit': key,
        trials: t.trials,
        requests: t.requests,
        '200 seated': t.accepted,
        '409 full': t.refused,
        other: t.errors,
        'over-booked': t.overBooked,
        'most seated': t.maxSeen,
        'lost/phantom': `${t.lost}/${t.phantom}`,
        'empty seats': t.emptySeats,
        'status≠seat': t.statusMismatch,
        'skipped in line': t.skipped,
        'ms per trial': (t.ms / Math.max(1, t.trials)).toFixed(1),
      })
    }
  }
  console.log('')
  printTable(rows)
  console.log('')
  console.log(
    `over-bookings: ${overBookings} (must be 0); lost or phantom seats: ${lost} (must be 0); skipped places in line: ${skipped} (must be 0); other answers: ${errors}`,
  )
  for (const p of problems) console.log(`  first problem: ${p}`)
  if (overBookings + lost + skipped + errors > 0) process.exitCode = 1
}

await main()
