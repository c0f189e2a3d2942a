// Set-state calls (like, participate, follow): a body with the state wanted sets it atomically and a repeat
// changes nothing (no second notification, no flip back); no body keeps the toggle the mobile app uses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createEvent, makeUser, send, type TestUser } from './events-fixtures'
import { allNotifications } from './notify-fixtures'
import { startTestApi, type TestApi } from './helpers'

let api: TestApi
let organizer: TestUser
let fan: TestUser
beforeAll(async () => {
  api = await startTestApi()
  ;[organizer, fan] = [await makeUser(api), await makeUser(api)]
})
afterAll(() => api?.close())

const notificationsOf = async (type: string, userId: string) =>
  (await allNotifications(api)).filter((n) => n.notification_type === type && n.recipient_id === userId)

describe('PUT /event/{id}/like', () => {
  it('{like: true} twice likes once and notifies once; {like: false} twice unlikes; no body toggles', async () => {
    const { _id } = await createEvent(api, organizer.token)
    const path = `/event/${_id}/like`
    for (let i = 0; i < 2; i++) {
      const res = await send(api, 'PUT', path, { token: fan.token, json: { like: true } })
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({ isLiked: true, likesCount: 1 })
    }
    await api.app.ctx.flushMail()
    expect(await notificationsOf('postLike', organizer.id)).toHaveLength(1)
    for (let i = 0; i < 2; i++)
      expect((await send(api, 'PUT', path, { token: fan.token, json: { like: false } })).body).toMatchObject({ isLiked: false, likesCount: 0 })
    expect((await send(api, 'PUT', path, { token: fan.token })).body).toMatchObject({ isLiked: true })
    expect((await send(api, 'PUT', path, { token: fan.token })).body).toMatchObject({ isLiked: false })
  })

  it('refuses a body that is not {like: boolean}', async () => {
    const { _id } = await createEvent(api, organizer.token)
    expect((await send(api, 'PUT', `/event/${_id}/like`, { token: fan.token, json: { like: 'yes' } })).status).toBe(400)
    expect((await send(api, 'PUT', `/event/${_id}/like`, { token: fan.token, json: { likes: true } })).status).toBe(400)
  })
})

describe('PUT /event/{id}/participate', () => {
  it('{participate: true} in parallel takes one seat; {participate: false} twice leaves; no body toggles', async () => {
    const { _id } = await createEvent(api, organizer.token, { maxParticipants: 5 })
    const path = `/event/${_id}/participate`
    const joins = await Promise.all(
      Array.from({ length: 5 }, () => send(api, 'PUT', path, { token: fan.token, json: { participate: true } })),
    )
    for (const res of joins) expect(res.status).toBe(200)
    const rows = await api.app.ctx.db.selectFrom('post_participants').selectAll().where('post_id', '=', _id).execute()
    expect(rows).toHaveLength(1)
    expect(await notificationsOf('newParticipate', organizer.id)).toHaveLength(1)
    for (let i = 0; i < 2; i++)
      expect((await send(api, 'PUT', path, { token: fan.token, json: { participate: false } })).body).toMatchObject({
        isParticipant: false,
        participantsCount: 0,
      })
    expect((await send(api, 'PUT', path, { token: fan.token })).body).toMatchObject({ isParticipant: true })
    expect((await send(api, 'PUT', path, { token: fan.token })).body).toMatchObject({ isParticipant: false })
  })
})

describe('PUT /profile/{id}/follow', () => {
  it('{follow: true} twice follows once and notifies once; {follow: false} twice unfollows; no body toggles', async () => {
    const [a, b] = [await makeUser(api), await makeUser(api)]
    const path = `/profile/${b.id}/follow`
    for (let i = 0; i < 2; i++)
      expect((await send(api, 'PUT', path, { token: a.token, json: { follow: true } })).body).toEqual({ followers: 1, isFollowing: true })
    expect(await notificationsOf('follow', b.id)).toHaveLength(1)
    for (let i = 0; i < 2; i++)
      expect((await send(api, 'PUT', path, { token: a.token, json: { follow: false } })).body).toEqual({ followers: 0, isFollowing: false })
    expect((await send(api, 'PUT', path, { token: a.token })).body).toEqual({ followers: 1, isFollowing: true })
    expect((await send(api, 'PUT', path, { token: a.token })).body).toEqual({ followers: 0, isFollowing: false })
  })
})
