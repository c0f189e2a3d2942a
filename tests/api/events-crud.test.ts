// POST /event, GET /event/{id}, PUT /event/{id}, DELETE /event/{id}: validation (SPEC §5), rights, places.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eventSchema } from '#contract'
import { startTestApi, type TestApi } from './helpers'
import {
  baseEvent,
  createEvent,
  eventForm,
  future,
  jpeg,
  makeUser,
  placeFields,
  send,
  type TestUser,
} from './events-fixtures'

let api: TestApi
let owner: TestUser
let other: TestUser
let admin: TestUser
let inactive: TestUser
let photo: Buffer

beforeAll(async () => {
  api = await startTestApi()
  ;[owner, other, admin, inactive] = await Promise.all([
    makeUser(api),
    makeUser(api),
    makeUser(api, { role: 'admin' }),
    makeUser(api, { activated: false }),
  ])
  photo = await jpeg()
})
afterAll(async () => {
  await api?.close()
})

const post = (token: string | undefined, fields: Record<string, unknown>, files: Buffer[] = [photo], lang?: string) =>
  send(api, 'POST', '/event', { token, form: eventForm(fields as never, files), lang })

describe('POST /event', () => {
  it('creates an event from multipart with JSON-string fields and answers the post', async () => {
    const res = await post(owner.token, baseEvent({
      maxParticipants: 10,
      price: { donation: false, amount: 500, currency: 'RSD', range: 'FROM' },
      categories: ['concerts', 'leisure'],
    }))
    expect(res.status).toBe(201)
    expect(eventSchema.safeParse(res.body).success).toBe(true)
    expect(res.body).toMatchObject({
      title: 'Jazz night',
      eventType: 'EVENT',
      accessType: 'COMMON',
      location: { type: 'Point', coordinates: [20.46, 44.81] },
      coordinates: [20.46, 44.81],
      maxParticipants: 10,
      price: { donation: false, amount: 500, currency: 'RSD', range: 'FROM' },
      categories: expect.arrayContaining(['concerts', 'leisure']),
      moderationStatus: 'PENDING',
      moderationImageStatus: 'PENDING',
      postStatus: 'ACTIVE',
      postedBy: { _id: owner.id, username: owner.username },
      createdBy: owner.id,
      participants: [],
      likes: [],
      views: 0,
      isOwner: true,
      restricted: false,
    })
    expect(res.body.images).toHaveLength(1)
    expect(res.body.images[0].path).toMatch(/^\/uploads\/posts\/[a-f0-9]{32}\.webp$/)
    expect(res.body.images[0].thumbnailPath).toMatch(/_thumb\.webp$/)
    // The photo is served with long cache headers.
    const file = await fetch(api.url + res.body.images[0].path)
    expect(file.status).toBe(200)
    expect(file.headers.get('content-type')).toBe('image/webp')
    expect(file.headers.get('cache-control')).toContain('immutable')
  })

  it('accepts coordinates as {lat, lon} and a donation price', async () => {
    const res = await post(owner.token, baseEvent({ coordinates: { lat: 44.8, lon: 20.5 }, price: { donation: true } }))
    expect(res.status).toBe(201)
    expect(res.body.coordinates).toEqual([20.5, 44.8])
    expect(res.body.price).toEqual({ donation: true, amount: null, currency: null, range: null })
  })

  it('names every missing field with the SPEC §5 texts', async () => {
    const res = await post(owner.token, {}, [])
    expect(res.status).toBe(400)
    expect(res.body.message).toBe('Please check the highlighted fields.')
    expect(res.body.errors).toEqual({
      title: ['This field is required!'],
      description: ['This field is required!'],
      accessType: ['This field is required!'],
      address: ['This field is required!'],
      coordinates: ['Choose a position on the map!'],
      startDate: ['This field is required!'],
      files: ['Upload a photo!'],
    })
  })

  it('translates the codes for Russian callers', async () => {
    const res = await post(owner.token, baseEvent({ coordinates: undefined }), [], 'ru')
    expect(res.status).toBe(400)
    expect(res.body.errors).toEqual({ coordinates: ['Выберите точку на карте!'], files: ['Загрузите фото!'] })
  })

  it.each([
    [{ maxParticipants: 0 }, 'maxParticipants', 'Must be at least 1'],
    [{ maxParticipants: 'abc' }, 'maxParticipants', 'Invalid value'],
    [{ price: { donation: false, currency: 'RSD' } }, 'price.amount', 'This field is required!'],
    [{ price: { donation: false, amount: 5 } }, 'price.currency', 'This field is required!'],
    [{ price: { donation: false, amount: -1, currency: 'RSD' } }, 'price.amount', 'Must be at least 0'],
    [{ price: { donation: false, amount: 1, currency: 'GBP' } }, 'price.currency', 'Invalid value'],
    [{ price: { donation: false, amount: 1, currency: 'EUR', range: 'ABOUT' } }, 'price.range', 'Invalid value'],
    [{ categories: ['cooking'] }, 'categories.0', 'Invalid value'],
    [{ startDate: '2020-01-01T10:00:00.000Z', endDate: undefined }, 'startDate', 'Past dates cannot be picked!'],
    [{ startDate: 'tomorrow' }, 'startDate', 'Enter a valid date!'],
    [{ endDate: future(1) }, 'endDate', 'The end must not be before the start!'],
    [{ accessType: 'SECRET' }, 'accessType', 'Invalid value'],
    [{ coordinates: [200, 10] }, 'coordinates', 'Choose a position on the map!'],
    [{ title: '   ' }, 'title', 'This field is required!'],
    [{ eventType: 'PLACE', channelLink: 'https://t.me/x' }, 'eventType', 'Only admins can add places.'],
  ])('refuses %j on %s', async (overrides, field, text) => {
    const res = await post(owner.token, baseEvent(overrides as never))
    expect(res.status).toBe(400)
    expect(res.body.errors[field]).toEqual([text])
  })

  it('refuses a 4th photo of an event', async () => {
    const res = await post(owner.token, baseEvent(), [photo, photo, photo, photo])
    expect(res.status).toBe(400)
    expect(res.body.errors.files).toEqual(['Too many photos: at most 3 for an event and 10 for a place.'])
    const ok = await post(owner.token, baseEvent(), [photo, photo, photo])
    expect(ok.status).toBe(201)
    expect(ok.body.images).toHaveLength(3)
  })

  it('requires a signed-in, activated user', async () => {
    expect((await post(undefined, baseEvent())).status).toBe(401)
    const res = await post(inactive.token, baseEvent())
    expect(res.status).toBe(403)
    expect(res.body.message).toBe('Please confirm your email first.')
  })

  it('lets admins leave the start date empty and set a channel link; drops a user channel link', async () => {
    const res = await post(admin.token, baseEvent({ startDate: undefined, endDate: undefined, channelLink: 'https://t.me/a' }))
    expect(res.status).toBe(201)
    expect(res.body.startDate).toBeNull()
    expect(res.body.channelLink).toBe('https://t.me/a')
    const user = await post(owner.token, baseEvent({ channelLink: 'https://t.me/a' }))
    expect(user.body.channelLink).toBeNull()
  })

  it('creates a place (admin): COMMON forced, channel link and hours, up to 10 photos', async () => {
    const res = await post(admin.token, placeFields({ accessType: 'PRIVATE', maxParticipants: 5 }), Array(10).fill(photo))
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({
      eventType: 'PLACE',
      accessType: 'COMMON',
      startDate: null,
      maxParticipants: null,
      channelLink: 'https://t.me/riverside',
      hours: [
        { day: 'monday', open: '09:00', close: '18:00' },
        { day: 'friday', open: '20:00', close: '02:00' },
      ],
    })
    expect(res.body.images).toHaveLength(10)
  })

  it('refuses an 11th place photo, a place without channel link and bad hours', async () => {
    const eleven = await post(admin.token, placeFields(), Array(11).fill(photo))
    expect(eleven.status).toBe(400)
    expect(eleven.body.errors.files).toEqual(['Too many photos: at most 3 for an event and 10 for a place.'])
    const noLink = await post(admin.token, placeFields({ channelLink: undefined }))
    expect(noLink.body.errors).toEqual({ channelLink: ['This field is required!'] })
    const badHours = await post(admin.token, placeFields({ hours: [{ day: 'monday', open: '25:00', close: '10:00' }, { day: 'sunday', open: '10:00', close: '10:00' }] }))
    expect(badHours.status).toBe(400)
    expect(badHours.body.errors['hours.0.open']).toEqual(['Use HH:mm; opening and closing times must differ!'])
    expect(badHours.body.errors['hours.1.close']).toEqual(['Use HH:mm; opening and closing times must differ!'])
  })
})

describe('GET /event/{id}', () => {
  it('answers the post to anyone, with isLiked/isParticipant for the viewer', async () => {
    const ev = await createEvent(api, owner.token)
    const anon = await api.get(`/event/${ev._id}`)
    expect(anon.status).toBe(200)
    expect(anon.body).toMatchObject({ _id: ev._id, isOwner: false, isLiked: false, canJoin: false })
    const stranger = await api.get(`/event/${ev._id}`, { token: other.token })
    expect(stranger.body).toMatchObject({ isOwner: false, canJoin: true })
    expect((await api.get('/event/nope')).status).toBe(404)
  })

  it('hides REJECTED and DELETED posts from all but the owner and moderators; placeholder for a rejected image', async () => {
    const ev = await createEvent(api, owner.token)
    const db = api.app.ctx.db
    await db.updateTable('posts').set({ moderation_status: 'REJECTED' }).where('id', '=', ev._id).execute()
    expect((await api.get(`/event/${ev._id}`)).status).toBe(404)
    expect((await api.get(`/event/${ev._id}`, { token: other.token })).status).toBe(404)
    expect((await api.get(`/event/${ev._id}`, { token: owner.token })).body.moderationStatus).toBe('REJECTED')
    expect((await api.get(`/event/${ev._id}`, { token: admin.token })).status).toBe(200)

    await db.updateTable('posts').set({ moderation_status: 'PENDING', moderation_image_status: 'REJECTED' }).where('id', '=', ev._id).execute()
    const seen = await api.get(`/event/${ev._id}`, { token: other.token })
    expect(seen.status).toBe(200)
    expect(seen.body.images).toEqual([expect.objectContaining({ _id: 'placeholder', path: '/uploads/static/placeholder.svg' })])
    const own = await api.get(`/event/${ev._id}`, { token: owner.token })
    expect(own.body.images[0].path).toMatch(/^\/uploads\/posts\//)
    const placeholder = await fetch(`${api.url}/uploads/static/placeholder.svg`)
    expect(placeholder.headers.get('content-type')).toContain('image/svg+xml')

    await db.updateTable('posts').set({ moderation_image_status: 'PENDING', post_status: 'DELETED' }).where('id', '=', ev._id).execute()
    expect((await api.get(`/event/${ev._id}`, { token: other.token })).status).toBe(404)
    expect((await api.get(`/event/${ev._id}`, { token: owner.token })).body.postStatus).toBe('DELETED')
  })
})

describe('PUT /event/{id}', () => {
  it('lets the organizer edit (JSON), clears an omitted price and sets moderation back to PENDING', async () => {
    const ev = await createEvent(api, owner.token, { price: { donation: true } })
    await api.app.ctx.db.updateTable('posts').set({ moderation_status: 'APPROVED' }).where('id', '=', ev._id).execute()
    const fields = baseEvent({ title: 'New title', categories: ['kids'], maxParticipants: 3 })
    delete fields.accessType
    delete fields.eventType
    const res = await send(api, 'PUT', `/event/${ev._id}`, { token: owner.token, json: fields })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ title: 'New title', categories: ['kids'], maxParticipants: 3, price: null, moderationStatus: 'PENDING' })
  })

  it('accepts multipart without files', async () => {
    const ev = await createEvent(api, owner.token)
    const res = await send(api, 'PUT', `/event/${ev._id}`, { token: owner.token, form: eventForm(baseEvent({ title: 'Form edit' })) })
    expect(res.status).toBe(200)
    expect(res.body.title).toBe('Form edit')
    expect(res.body.images).toHaveLength(1)
  })

  it('refuses to change the access type or the event type', async () => {
    const ev = await createEvent(api, owner.token)
    const res = await send(api, 'PUT', `/event/${ev._id}`, {
      token: owner.token,
      json: baseEvent({ accessType: 'PRIVATE', eventType: 'PLACE' }),
    })
    expect(res.status).toBe(400)
    expect(res.body.errors).toEqual({
      accessType: ['This cannot be changed after creation.'],
      eventType: ['This cannot be changed after creation.'],
    })
  })

  it('keeps an unchanged start date that is already past, refuses a new past one', async () => {
    const ev = await createEvent(api, owner.token)
    const past = new Date(Date.now() - 3_600_000).toISOString()
    await api.app.ctx.db.updateTable('posts').set({ start_date: past, end_date: null }).where('id', '=', ev._id).execute()
    const keep = await send(api, 'PUT', `/event/${ev._id}`, { token: owner.token, json: baseEvent({ startDate: past, endDate: undefined, title: 'Started' }) })
    expect(keep.status).toBe(200)
    const moved = await send(api, 'PUT', `/event/${ev._id}`, { token: owner.token, json: baseEvent({ startDate: '2021-05-05T10:00:00Z', endDate: undefined }) })
    expect(moved.body.errors).toEqual({ startDate: ['Past dates cannot be picked!'] })
  })

  it('is the organizer’s only (others 403, anonymous 401, admins use the admin API)', async () => {
    const ev = await createEvent(api, owner.token)
    expect((await send(api, 'PUT', `/event/${ev._id}`, { json: baseEvent() })).status).toBe(401)
    const res = await send(api, 'PUT', `/event/${ev._id}`, { token: other.token, json: baseEvent() })
    expect(res.status).toBe(403)
    expect(res.body.message).toBe('Only the organizer can do this.')
    expect((await send(api, 'PUT', `/event/${ev._id}`, { token: admin.token, json: baseEvent() })).status).toBe(403)
  })
})

describe('DELETE /event/{id}', () => {
  it('marks the post DELETED (organizer or admin); others are refused', async () => {
    const ev = await createEvent(api, owner.token)
    expect((await send(api, 'DELETE', `/event/${ev._id}`)).status).toBe(401)
    expect((await send(api, 'DELETE', `/event/${ev._id}`, { token: other.token })).status).toBe(403)
    const res = await send(api, 'DELETE', `/event/${ev._id}`, { token: owner.token })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ postId: ev._id, postStatus: 'DELETED' })
    expect((await api.get(`/event/${ev._id}`)).status).toBe(404)
    const row = await api.app.ctx.db.selectFrom('posts').select('post_status').where('id', '=', ev._id).executeTakeFirst()
    expect(row?.post_status).toBe('DELETED')

    const second = await createEvent(api, owner.token)
    expect((await send(api, 'DELETE', `/event/${second._id}`, { token: admin.token })).status).toBe(200)
  })
})
