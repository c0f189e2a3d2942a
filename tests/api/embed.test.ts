// GET /embed/events (issue 27, decision 043): a programme's upcoming public events as JSON for other sites —
// organizer, collection, place and city, count, cancelled ones marked, what a signed-out visitor may not read left out,
// ETag and 304, any origin, clear 4xx for a bad query.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApi, type TestApi } from './helpers'
import { createEvent, future, makeUser, placeFields, send, type TestUser } from './events-fixtures'

let api: TestApi
let owner: TestUser

beforeAll(async () => {
  api = await startTestApi()
  owner = await makeUser(api)
})
afterAll(async () => {
  await api?.close()
})

const get = (path: string, headers: Record<string, string> = {}) => fetch(api.url + path, { headers })

describe('GET /embed/events', () => {
  it('lists an organizer’s upcoming public events soonest first, up to count, with links and photos; cancelled ones marked; private, ended and others left out', async () => {
    const organizer = await makeUser(api)
    const later = await createEvent(api, organizer.token, { title: 'Later', startDate: future(9) , endDate: future(9, 21) })
    const sooner = await createEvent(api, organizer.token, { title: 'Sooner', startDate: future(2), endDate: future(2, 21) })
    const third = await createEvent(api, organizer.token, { title: 'Third', startDate: future(12), endDate: future(12, 21) })
    await createEvent(api, organizer.token, { title: 'Private', accessType: 'PRIVATE', startDate: future(3), endDate: future(3, 21) })
    await createEvent(api, owner.token, { title: 'Someone else', startDate: future(3), endDate: future(3, 21) })
    const ended = await createEvent(api, organizer.token, { title: 'Ended', startDate: future(1), endDate: future(1, 21) })
    await api.app.ctx.db
      .updateTable('posts')
      .set({ start_date: new Date(Date.now() - 3 * 86_400_000).toISOString(), end_date: new Date(Date.now() - 2 * 86_400_000).toISOString() })
      .where('id', '=', ended._id)
      .execute()
    expect((await send(api, 'POST', `/event/${later._id}/cancel`, { token: organizer.token, json: {} })).status).toBe(200)

    const res = await get(`/embed/events?organizer=${organizer.id}&count=2&lang=en`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
    expect(res.headers.get('cache-control')).toBe('public, max-age=300')
    const body = await res.json()
    expect(body.title).toMatch(/^Nearby: events by \S/)
    expect(body.url).toBe(`http://web.test/profile/${organizer.id}`)
    expect(body.events.map((e: { title: string }) => e.title)).toEqual(['Sooner', 'Later'])
    expect(body.events[0]).toMatchObject({
      _id: sooner._id,
      url: `http://web.test/event/${sooner._id}`,
      cancelled: false,
      address: 'Knez Mihailova 1, Belgrade',
      categories: ['concerts'],
    })
    expect(body.events[0].imageUrl).toMatch(/^http:\/\/localhost:4000\/uploads\/posts\//)
    expect(body.events[1]).toMatchObject({ _id: later._id, cancelled: true })
    const all = await (await get(`/embed/events?organizer=${organizer.id}&count=20`)).json()
    expect(all.events.map((e: { _id: string }) => e._id)).toEqual([sooner._id, later._id, third._id])
  })

  it('answers 304 to its own ETag, and a new ETag once the programme changes', async () => {
    const organizer = await makeUser(api)
    await createEvent(api, organizer.token, { title: 'One' })
    const path = `/embed/events?organizer=${organizer.id}`
    const first = await get(path)
    const etag = first.headers.get('etag')
    expect(etag).toMatch(/^"[\w-]+"$/)
    expect((await get(path, { 'if-none-match': etag! })).status).toBe(304)
    await createEvent(api, organizer.token, { title: 'Two' })
    const changed = await get(path, { 'if-none-match': etag! })
    expect(changed.status).toBe(200)
    expect(changed.headers.get('etag')).not.toBe(etag)
  })

  it('a place’s programme holds the public events at the place; a city’s can be narrowed to categories; names follow lang', async () => {
    const admin = await makeUser(api, { role: 'admin' })
    const place = await createEvent(api, admin.token, placeFields({ title: 'Riverside Hall', coordinates: [20.4, 44.7] }))
    const there = await createEvent(api, owner.token, { title: 'At the hall', coordinates: [20.4, 44.7], categories: ['theaters'] })
    const atPlace = await (await get(`/embed/events?place=${place._id}&lang=ru`)).json()
    expect(atPlace.title).toBe('Nearby: события в месте «Riverside Hall»')
    expect(atPlace.events.map((e: { _id: string }) => e._id)).toEqual([there._id])
    const city = await (await get('/embed/events?city=Belgrade&categories=theaters&count=20')).json()
    expect(city.events.map((e: { _id: string }) => e._id)).toContain(there._id)
    expect(city.events.every((e: { categories: string[] }) => e.categories.includes('theaters'))).toBe(true)
  })

  it('a collection’s programme holds its public events and links to its page', async () => {
    const admin = await makeUser(api, { role: 'admin' })
    const picked = await createEvent(api, owner.token, { title: 'Festival opening' })
    const hidden = await createEvent(api, owner.token, { title: 'Festival backstage', accessType: 'PRIVATE' })
    const made = await send(api, 'POST', '/collections', { token: admin.token, json: { slug: 'festival', name: 'The festival', words: 'festival' } })
    expect(made.status).toBe(201)
    const res = await (await get('/embed/events?collection=festival&lang=en')).json()
    expect(res.title).toBe('Nearby: The festival')
    expect(res.url).toBe('http://web.test/collections/festival')
    expect(res.events.map((e: { _id: string }) => e._id)).toEqual([picked._id])
    expect(res.events.map((e: { _id: string }) => e._id)).not.toContain(hidden._id)
    expect((await get('/embed/events?collection=no-such-festival')).status).toBe(404)
  })

  it('refuses a bad query with 400 and a message, and answers 404 for an unknown organizer, place or city', async () => {
    for (const query of ['count=0', 'count=21', 'count=x', 'categories=nope', 'lang=de', `organizer=${'x'.repeat(101)}`]) {
      const res = await get(`/embed/events?${query}`)
      expect(res.status, query).toBe(400)
      // Other sites can read the refusal too.
      expect(res.headers.get('access-control-allow-origin'), query).toBe('*')
      expect((await res.json()).message, query).toBeTruthy()
    }
    expect((await get('/embed/events?organizer=nobody')).status, 'organizer').toBe(404)
    expect((await get('/embed/events?place=nowhere')).status, 'place').toBe(404)
    const city = await get('/embed/events?city=Qqzzxxqqzz')
    expect(city.status, 'city').toBe(404)
    expect((await city.json()).errors).toMatchObject({ city: expect.any(Array) })
  })
})
