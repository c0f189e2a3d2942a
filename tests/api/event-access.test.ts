// Access table of the events API (ARCHITECTURE "Access types", "Post-moderation"): every call that reads or
// changes one event applies the rule of GET /event/{id}. Rows: post (COMMON, SUBSCRIBERS, PRIVATE, and a
// REJECTED and a DELETED COMMON post) × viewer × call, one `it` per row. A viewer who may not open the
// event gets the same 403 code as GET /event/{id} (privateEvent / subscribersOnly) on every call of it, a
// hidden (REJECTED/DELETED) post is 404 for all but the owner and moderators, and calls that need a token
// answer 401 to anonymous callers. GET /invitations/{id}/statuses is organizer-only (403 notOrganizer to
// anyone else, moderators included; 404 when the post is DELETED, or REJECTED for a non-moderator).
//
// State: joining or leaving changes what a viewer may do, so every PUT participate row gets an event of its
// own. The other rows of a post share one event: a like or a view changes nothing of anybody's access, and a
// viewer's like/view row only touches that viewer's own like/view (the owner's and the fan's likes, set up
// beforehand, stay). So no row depends on another row or on the order they run in (`-t` picks any row).
import { type MessageCode, translateMessage } from '#contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApi, type TestApi, type TestResponse } from './helpers'
import { createEvent, makeUser, makeUsers, send, type TestUser } from './events-fixtures'

type AccessType = 'COMMON' | 'SUBSCRIBERS' | 'PRIVATE'
type PostState = 'ACTIVE' | 'REJECTED' | 'DELETED'
type Viewer = 'anonymous' | 'stranger' | 'follower' | 'invitee' | 'participant' | 'owner' | 'admin' | 'superAdmin'
type Call = 'GET event' | 'PUT like' | 'PUT view' | 'PUT participate' | 'GET participants' | 'GET statuses'
type Expected = 200 | readonly [status: number, code: MessageCode]

interface Row {
  accessType: AccessType
  postState: PostState
  viewer: Viewer
  call: Call
  expectedStatus: number
  /** The message code of a refusal (body.message is its English text). */
  expectedCode?: MessageCode
}

const CALLS: readonly Call[] = ['GET event', 'PUT like', 'PUT view', 'PUT participate', 'GET participants', 'GET statuses']
/** The calls that change the viewer's access (their rows get an event each). */
const CHANGES_ACCESS: ReadonlySet<Call> = new Set<Call>(['PUT participate'])

const OK = 200
const UNAUTHORIZED = [401, 'unauthorized'] as const
const NOT_FOUND = [404, 'notFound'] as const
const PRIVATE_EVENT = [403, 'privateEvent'] as const
const SUBSCRIBERS_ONLY = [403, 'subscribersOnly'] as const
const NOT_ORGANIZER = [403, 'notOrganizer'] as const
const ORGANIZER_CANNOT_JOIN = [400, 'organizerCannotJoin'] as const
/**
 * A moderator sees a REJECTED/DELETED post, but nobody joins one: its card says canJoin false and accepting an
 * invitation to it is refused. The code is the one POST /invitations gives for a REJECTED event.
 */
const NOT_AVAILABLE = [400, 'eventNotAvailable'] as const

type Line = readonly [Expected, Expected, Expected, Expected, Expected, Expected]
//                                       GET event         PUT like          PUT view          PUT participate        GET participants  GET statuses
// prettier-ignore
const HIDDEN: Line =                     [NOT_FOUND,       NOT_FOUND,        NOT_FOUND,        NOT_FOUND,             NOT_FOUND,        NOT_FOUND]
// prettier-ignore
const HIDDEN_ANON: Line =                [NOT_FOUND,       UNAUTHORIZED,     UNAUTHORIZED,     UNAUTHORIZED,          NOT_FOUND,        UNAUTHORIZED]

// prettier-ignore
const TABLE: { accessType: AccessType; postState: PostState; lines: Record<Viewer, Line> }[] = [
  {
    accessType: 'COMMON',
    postState: 'ACTIVE',
    lines: {
      anonymous:         [OK,               UNAUTHORIZED,     UNAUTHORIZED,     UNAUTHORIZED,          OK,               UNAUTHORIZED],
      stranger:          [OK,               OK,               OK,               OK,                    OK,               NOT_ORGANIZER],
      follower:          [OK,               OK,               OK,               OK,                    OK,               NOT_ORGANIZER],
      invitee:           [OK,               OK,               OK,               OK,                    OK,               NOT_ORGANIZER],
      participant:       [OK,               OK,               OK,               OK,                    OK,               NOT_ORGANIZER],
      owner:             [OK,               OK,               OK,               ORGANIZER_CANNOT_JOIN, OK,               OK],
      admin:             [OK,               OK,               OK,               OK,                    OK,               NOT_ORGANIZER],
      superAdmin:        [OK,               OK,               OK,               OK,                    OK,               NOT_ORGANIZER],
    },
  },
  {
    accessType: 'SUBSCRIBERS',
    postState: 'ACTIVE',
    lines: {
      anonymous:         [SUBSCRIBERS_ONLY, UNAUTHORIZED,     UNAUTHORIZED,     UNAUTHORIZED,          SUBSCRIBERS_ONLY, UNAUTHORIZED],
      stranger:          [SUBSCRIBERS_ONLY, SUBSCRIBERS_ONLY, SUBSCRIBERS_ONLY, SUBSCRIBERS_ONLY,      SUBSCRIBERS_ONLY, NOT_ORGANIZER],
      follower:          [OK,               OK,               OK,               OK,                    OK,               NOT_ORGANIZER],
      invitee:           [OK,               OK,               OK,               OK,                    OK,               NOT_ORGANIZER],
      participant:       [OK,               OK,               OK,               OK,                    OK,               NOT_ORGANIZER],
      owner:             [OK,               OK,               OK,               ORGANIZER_CANNOT_JOIN, OK,               OK],
      admin:             [OK,               OK,               OK,               SUBSCRIBERS_ONLY,      OK,               NOT_ORGANIZER],
      superAdmin:        [OK,               OK,               OK,               SUBSCRIBERS_ONLY,      OK,               NOT_ORGANIZER],
    },
  },
  {
    accessType: 'PRIVATE',
    postState: 'ACTIVE',
    lines: {
      anonymous:         [PRIVATE_EVENT,    UNAUTHORIZED,     UNAUTHORIZED,     UNAUTHORIZED,          PRIVATE_EVENT,    UNAUTHORIZED],
      stranger:          [PRIVATE_EVENT,    PRIVATE_EVENT,    PRIVATE_EVENT,    PRIVATE_EVENT,         PRIVATE_EVENT,    NOT_ORGANIZER],
      follower:          [PRIVATE_EVENT,    PRIVATE_EVENT,    PRIVATE_EVENT,    PRIVATE_EVENT,         PRIVATE_EVENT,    NOT_ORGANIZER],
      invitee:           [OK,               OK,               OK,               OK,                    OK,               NOT_ORGANIZER],
      participant:       [OK,               OK,               OK,               OK,                    OK,               NOT_ORGANIZER],
      owner:             [OK,               OK,               OK,               ORGANIZER_CANNOT_JOIN, OK,               OK],
      admin:             [OK,               OK,               OK,               PRIVATE_EVENT,         OK,               NOT_ORGANIZER],
      superAdmin:        [OK,               OK,               OK,               PRIVATE_EVENT,         OK,               NOT_ORGANIZER],
    },
  },
  {
    accessType: 'COMMON',
    postState: 'REJECTED',
    lines: {
      anonymous: HIDDEN_ANON,
      stranger: HIDDEN,
      follower: HIDDEN,
      invitee: HIDDEN,
      participant: HIDDEN,
      owner:             [OK,               OK,               OK,               ORGANIZER_CANNOT_JOIN, OK,               OK],
      admin:             [OK,               OK,               OK,               NOT_AVAILABLE,         OK,               NOT_ORGANIZER],
      superAdmin:        [OK,               OK,               OK,               NOT_AVAILABLE,         OK,               NOT_ORGANIZER],
    },
  },
  {
    accessType: 'COMMON',
    postState: 'DELETED',
    lines: {
      anonymous: HIDDEN_ANON,
      stranger: HIDDEN,
      follower: HIDDEN,
      invitee: HIDDEN,
      participant: HIDDEN,
      // The invitations of a deleted event are gone for everyone, its organizer included.
      owner:             [OK,               OK,               OK,               ORGANIZER_CANNOT_JOIN, OK,               NOT_FOUND],
      admin:             [OK,               OK,               OK,               NOT_AVAILABLE,         OK,               NOT_FOUND],
      superAdmin:        [OK,               OK,               OK,               NOT_AVAILABLE,         OK,               NOT_FOUND],
    },
  },
]

/** The table as rows: {accessType, postState, viewer, call, expectedStatus, expectedCode}. */
const ROWS: Row[] = TABLE.flatMap(({ accessType, postState, lines }) =>
  (Object.entries(lines) as [Viewer, Line][]).flatMap(([viewer, line]) =>
    CALLS.map((call, i): Row => {
      const e = line[i] as Expected
      return typeof e === 'number'
        ? { accessType, postState, viewer, call, expectedStatus: e }
        : { accessType, postState, viewer, call, expectedStatus: e[0], expectedCode: e[1] }
    }),
  ),
)

const postLabel = (r: Pick<Row, 'accessType' | 'postState'>) => (r.postState === 'ACTIVE' ? r.accessType : `${r.postState} ${r.accessType}`)
const rowName = (r: Row) =>
  `${postLabel(r)} · ${r.viewer} · ${r.call} → ${r.expectedStatus}${r.expectedCode ? ` ${r.expectedCode}` : ''}`

let api: TestApi
let users: Record<Exclude<Viewer, 'anonymous'>, TestUser>
/** Follows the organizer, is invited to every event and likes it (with the owner): the likers. */
let fan: TestUser

interface Fixture {
  postId: string
  invitationId: string
}
/** The event shared by the rows of a post, by postLabel. */
const shared = new Map<string, Fixture>()
/** The event of each PUT participate row. */
const own = new Map<Row, Fixture>()

function expectStatus(res: TestResponse, status: number, what: string): TestResponse {
  if (res.status !== status) throw new Error(`${what}: expected ${status}, got ${res.status} ${res.text}`)
  return res
}

async function toggleFollow(user: TestUser, followee: TestUser, following: boolean) {
  const res = expectStatus(await send(api, 'PUT', `/profile/${followee.id}/follow`, { token: user.token }), 200, 'follow')
  expect(res.body.isFollowing).toBe(following)
}

/**
 * A fresh event of the organizer: the fan, the invitee and the participant invited (through the API, while
 * they follow the organizer); the participant accepted, then lost the invitation row, so they take part
 * with no invitation; the owner and the fan like it. REJECTED through the DB (as a moderator would),
 * DELETED by the organizer (DELETE /event/{id}).
 */
async function prepareEvent(accessType: AccessType, postState: PostState): Promise<Fixture> {
  const { owner, invitee, participant } = users
  const db = api.app.ctx.db
  const ev = await createEvent(api, owner.token, { accessType, title: `${postState} ${accessType} event` })
  const postId = ev._id
  const inv = expectStatus(
    await send(api, 'POST', '/invitations', {
      token: owner.token,
      json: { postId, recipientIds: [fan.id, invitee.id, participant.id] },
    }),
    201,
    'invite',
  )
  const invitationId = inv.body.id as string
  expectStatus(
    await send(api, 'POST', `/invitations/${invitationId}/respond`, { token: participant.token, json: { status: 'ACCEPTED' } }),
    200,
    'accept',
  )
  await db.deleteFrom('invitation_recipients').where('invitation_id', '=', invitationId).where('recipient_id', '=', participant.id).execute()
  for (const liker of [owner, fan]) expectStatus(await send(api, 'PUT', `/event/${postId}/like`, { token: liker.token }), 200, 'like')
  if (postState === 'REJECTED') await db.updateTable('posts').set({ moderation_status: 'REJECTED' }).where('id', '=', postId).execute()
  if (postState === 'DELETED') expectStatus(await send(api, 'DELETE', `/event/${postId}`, { token: owner.token }), 200, 'delete')
  return { postId, invitationId }
}

async function inPool<T>(items: T[], size: number, fn: (item: T) => Promise<void>) {
  let next = 0
  await Promise.all(
    Array.from({ length: size }, async () => {
      while (next < items.length) await fn(items[next++] as T)
    }),
  )
}

beforeAll(async () => {
  api = await startTestApi()
  type Six = [TestUser, TestUser, TestUser, TestUser, TestUser, TestUser]
  const [owner, stranger, follower, invitee, participant, fanUser] = (await makeUsers(api, 6)) as Six
  fan = fanUser
  users = {
    owner,
    stranger,
    follower,
    invitee,
    participant,
    admin: await makeUser(api, { role: 'admin' }),
    superAdmin: await makeUser(api, { role: 'superAdmin' }),
  }
  // Only followers can be invited: the invitee and the participant follow the organizer while the events are
  // prepared, then stop, so that they are "invitee only" and "participant only".
  for (const u of [follower, fan, invitee, participant]) await toggleFollow(u, owner, true)
  const jobs: { key: string | Row; accessType: AccessType; postState: PostState }[] = [
    ...TABLE.map(({ accessType, postState }) => ({ key: postLabel({ accessType, postState }), accessType, postState })),
    ...ROWS.filter((r) => CHANGES_ACCESS.has(r.call)).map((r) => ({ key: r, accessType: r.accessType, postState: r.postState })),
  ]
  await inPool(jobs, 8, async ({ key, accessType, postState }) => {
    const fixture = await prepareEvent(accessType, postState)
    if (typeof key === 'string') shared.set(key, fixture)
    else own.set(key, fixture)
  })
  for (const u of [invitee, participant]) await toggleFollow(u, owner, false)
  await checkSetup()
}, 120_000)

/** The viewers are what their names say: checked once every event is prepared, before any row runs. */
async function checkSetup() {
  const db = api.app.ctx.db
  const { owner, follower, invitee, participant } = users
  const follows = await db.selectFrom('follows').select('follower_id').where('followee_id', '=', owner.id).execute()
  expect(follows.map((r) => r.follower_id).sort()).toEqual([follower.id, fan.id].sort())
  for (const fixture of [...shared.values(), ...own.values()]) {
    const invited = await db
      .selectFrom('invitation_recipients as r')
      .innerJoin('invitations as i', 'i.id', 'r.invitation_id')
      .select(['r.recipient_id', 'r.status'])
      .where('i.post_id', '=', fixture.postId)
      .execute()
    expect(invited.map((r) => `${r.recipient_id} ${r.status}`).sort()).toEqual([`${fan.id} PENDING`, `${invitee.id} PENDING`].sort())
    expect(await rowsOf('post_participants', fixture.postId)).toEqual([participant.id])
    expect(await rowsOf('post_likes', fixture.postId)).toEqual([owner.id, fan.id].sort())
    expect(await rowsOf('post_views', fixture.postId)).toEqual([])
  }
}

afterAll(async () => {
  await api?.close()
})

async function rowsOf(table: 'post_likes' | 'post_views' | 'post_participants', postId: string): Promise<string[]> {
  const rows = await api.app.ctx.db.selectFrom(table).select('user_id').where('post_id', '=', postId).execute()
  return rows.map((r) => r.user_id).sort()
}

const TABLE_OF = {
  'PUT like': 'post_likes',
  'PUT view': 'post_views',
  'PUT participate': 'post_participants',
} as const

function request(call: Call, f: Fixture, token: string | undefined): Promise<TestResponse> {
  switch (call) {
    case 'GET event':
      return send(api, 'GET', `/event/${f.postId}`, { token })
    case 'PUT like':
      return send(api, 'PUT', `/event/${f.postId}/like`, { token })
    case 'PUT view':
      return send(api, 'PUT', `/event/${f.postId}/view`, { token })
    case 'PUT participate':
      return send(api, 'PUT', `/event/${f.postId}/participate`, { token })
    case 'GET participants':
      return send(api, 'GET', `/event/${f.postId}/participants`, { token })
    case 'GET statuses':
      return send(api, 'GET', `/invitations/${f.invitationId}/statuses`, { token })
  }
}

describe('event access: post × viewer × call', () => {
  it('has one row per post, viewer and call', () => {
    expect(ROWS).toHaveLength(TABLE.length * 8 * CALLS.length)
    expect(new Set(ROWS.map(rowName)).size).toBe(ROWS.length)
  })

  for (const row of ROWS) {
    it(rowName(row), async () => {
      const fixture = CHANGES_ACCESS.has(row.call) ? own.get(row) : shared.get(postLabel(row))
      if (!fixture) throw new Error('fixture missing (beforeAll failed?)')
      const user = row.viewer === 'anonymous' ? null : users[row.viewer]
      const changed = row.call in TABLE_OF ? TABLE_OF[row.call as keyof typeof TABLE_OF] : null
      const before = changed ? await rowsOf(changed, fixture.postId) : null

      const res = await request(row.call, fixture, user?.token)

      expect.soft(res.status, res.text).toBe(row.expectedStatus)
      if (row.expectedStatus !== 200) {
        // A refusal: the message of its code, nothing of the event, and nothing changed.
        if (row.expectedCode) expect.soft(res.body?.message).toBe(translateMessage(row.expectedCode, 'en'))
        if (row.call === 'PUT like') {
          for (const liker of [users.owner, fan]) expect.soft(res.text, 'the likers are not disclosed').not.toContain(liker.id)
        }
        if (changed) expect.soft(await rowsOf(changed, fixture.postId), `${changed} unchanged`).toEqual(before)
        return
      }
      if (res.status !== 200) return // reported above
      if (!user) {
        // Anonymous: only the public reads of a COMMON post answer 200.
        if (row.call === 'GET event') expect(res.body).toMatchObject({ _id: fixture.postId, restricted: false, isOwner: false })
        if (row.call === 'GET participants') expect(res.body.participants.map((p: { _id: string }) => p._id)).toEqual([users.participant.id])
        return
      }
      switch (row.call) {
        case 'GET event':
          expect(res.body).toMatchObject({ _id: fixture.postId, restricted: false, isOwner: row.viewer === 'owner' })
          break
        case 'PUT like':
          // Liked now, except the owner who liked it already and takes the like back.
          expect(res.body).toMatchObject({ postId: fixture.postId, isLiked: row.viewer !== 'owner' })
          expect(res.body.likes).toContain(fan.id)
          break
        case 'PUT view':
          expect(res.body.postId).toBe(fixture.postId)
          expect(await rowsOf('post_views', fixture.postId)).toContain(user.id)
          break
        case 'PUT participate':
          // Joined now, except the participant who took part already and leaves.
          expect(res.body).toMatchObject({ postId: fixture.postId, isParticipant: row.viewer !== 'participant' })
          break
        case 'GET participants':
          expect(res.body.participants.map((p: { _id: string }) => p._id)).toEqual([users.participant.id])
          expect(res.body.postedBy._id).toBe(users.owner.id)
          break
        case 'GET statuses':
          expect(res.body.statuses.map((s: { recipientId: string }) => s.recipientId).sort()).toEqual([fan.id, users.invitee.id].sort())
          break
      }
    })
  }
})
