// The access policy for people (api/access/policy.ts profileAccess, and postsVisibleTo for a deactivated
// author's posts): a table of profile calls × viewer. A REJECTED avatar shows to its owner and moderators
// only; a deactivated account (disabled, or deletion requested) and its posts are gone for everyone but
// moderators, who still see the posts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createEvent, jpeg, makeUser, send, type TestUser } from './events-fixtures'
import { startTestApi, type TestApi } from './helpers'

type ViewerName = 'anonymous' | 'stranger' | 'self' | 'admin' | 'superAdmin'
let api: TestApi
const viewers = {} as Record<Exclude<ViewerName, 'anonymous' | 'self'>, TestUser>
let rejectedAvatar: TestUser
let deactivated: TestUser
let deactivatedPostId: string

const tokenOf = (viewer: ViewerName, self: TestUser) =>
  viewer === 'anonymous' ? undefined : viewer === 'self' ? self.token : viewers[viewer].token

beforeAll(async () => {
  api = await startTestApi()
  viewers.stranger = await makeUser(api)
  viewers.admin = await makeUser(api, { role: 'admin' })
  viewers.superAdmin = await makeUser(api, { role: 'superAdmin' })
  rejectedAvatar = await makeUser(api)
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(await jpeg())], { type: 'image/jpeg' }), 'me.jpg')
  expect((await send(api, 'POST', '/profile/upload', { token: rejectedAvatar.token, form })).status).toBe(200)
  deactivated = await makeUser(api)
  deactivatedPostId = (await createEvent(api, deactivated.token, { title: 'Gone with the account' }))._id
  const db = api.app.ctx.db
  await db.updateTable('users').set({ moderation_image_status: 'REJECTED' }).where('id', '=', rejectedAvatar.id).execute()
  await db.updateTable('users').set({ deletion_requested_at: new Date().toISOString() }).where('id', '=', deactivated.id).execute()
})
afterAll(() => api?.close())

const ALL: ViewerName[] = ['anonymous', 'stranger', 'self', 'admin', 'superAdmin']
const MODERATORS: ViewerName[] = ['admin', 'superAdmin']

describe('a REJECTED avatar', () => {
  for (const viewer of ALL) {
    const shown = viewer === 'self' || MODERATORS.includes(viewer)
    it(`${viewer} · GET /profile/{id} → 200, avatar ${shown ? 'shown' : 'hidden'}`, async () => {
      const res = await send(api, 'GET', `/profile/${rejectedAvatar.id}`, { token: tokenOf(viewer, rejectedAvatar) })
      expect(res.status).toBe(200)
      if (shown) expect(res.body.avatarFile?.url).toMatch(/\/uploads\/avatars\//)
      else expect(res.body.avatarFile).toBeNull()
    })
  }
})

describe("a deactivated account and its posts (the user themself cannot sign in: their rows here are others')", () => {
  for (const viewer of ALL.filter((v) => v !== 'self')) {
    const moderator = MODERATORS.includes(viewer)
    it(`${viewer} · GET /profile/{id} → 404`, async () => {
      expect((await send(api, 'GET', `/profile/${deactivated.id}`, { token: tokenOf(viewer, deactivated) })).status).toBe(404)
    })
    it(`${viewer} · GET /event/{id} of its post → ${moderator ? 200 : 404}`, async () => {
      const res = await send(api, 'GET', `/event/${deactivatedPostId}`, { token: tokenOf(viewer, deactivated) })
      expect(res.status).toBe(moderator ? 200 : 404)
    })
    it(`${viewer} · its post ${moderator ? 'is' : 'is not'} in GET /event/{userId}/events`, async () => {
      const res = await send(api, 'GET', `/event/${deactivated.id}/events`, { token: tokenOf(viewer, deactivated) })
      if (res.status === 404) return expect(moderator).toBe(false)
      const ids = (res.body.events as { _id: string }[]).map((e) => e._id)
      expect(ids.includes(deactivatedPostId)).toBe(moderator)
    })
    it(`${viewer} · its post is not in the public list GET /event/all`, async () => {
      const res = await send(api, 'GET', '/event/all', { token: tokenOf(viewer, deactivated) })
      expect(res.status).toBe(200)
      expect((res.body.events as { _id: string }[]).some((e) => e._id === deactivatedPostId)).toBe(false)
    })
    if (viewer !== 'anonymous')
      it(`${viewer} · PUT /profile/{id}/follow → 404, PUT like → ${moderator ? 200 : 404}`, async () => {
        expect((await send(api, 'PUT', `/profile/${deactivated.id}/follow`, { token: tokenOf(viewer, deactivated) })).status).toBe(404)
        const like = await send(api, 'PUT', `/event/${deactivatedPostId}/like`, { token: tokenOf(viewer, deactivated) })
        expect(like.status).toBe(moderator ? 200 : 404)
      })
  }
})
