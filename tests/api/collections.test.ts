// Curated collections (issue 43) through the real API on SQLite or PostgreSQL: moderators make, change and remove
// them; everyone reads them. An event is in one when it is hand-picked or matches every rule given (categories,
// organizers, places within 150 m, words in the title, start dates); a private or hidden event never shows, even
// hand-picked; and the refusals (who may, unknown ids, a taken slug, bad fields).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { NewPost } from '../../api/db/schema'
import { parseIcs } from './calendar-fixtures'
import { insertPostRow, makeUser, send, type TestUser } from './events-fixtures'
import { startTestApi, type TestApi } from './helpers'

let api: TestApi
let moderator: TestUser
let organizer: TestUser
let other: TestUser
const day = 86_400_000
const iso = (ms: number) => new Date(ms).toISOString()
/** A spot of this test's own. */
const here = { lat: 60.17, lon: 24.94 }
const ids = new Map<string, string>()

const post = async (title: string, extra: Partial<NewPost> & { categories?: string[] } = {}, by = organizer) =>
  ids.set(title, await insertPostRow(api, by.id, { title, ...here, moderation_status: 'APPROVED', start_date: iso(Date.now() + 2 * day), ...extra }))

beforeAll(async () => {
  api = await startTestApi()
  ;[moderator, organizer, other] = await Promise.all([makeUser(api, { role: 'admin' }), makeUser(api), makeUser(api)])
  await post('Jazz for kids', { categories: ['kids', 'concerts'], start_date: iso(Date.now() + 3 * day) })
  await post('Puppet show', { categories: ['kids'], start_date: iso(Date.now() + 2 * day) })
  await post('Late jazz', { categories: ['concerts'] })
  await post('Someone else’s kids day', { categories: ['kids'] }, other)
  await post('Kids, long ago', { categories: ['kids'], start_date: iso(Date.now() - 20 * day), end_date: iso(Date.now() - 19 * day) })
  await post('Secret kids party', { categories: ['kids'], access_type: 'PRIVATE' })
  await post('Across town', { categories: ['kids'], lat: 60.2, lon: 25.05 })
  await post('The hall', { event_type: 'PLACE', start_date: null, channel_link: 'https://t.me/hall', lat: 60.2001, lon: 25.0501 })
})
afterAll(async () => {
  await api?.close()
})

const titles = (res: { body: { events: { title: string }[] } }) => res.body.events.map((e) => e.title)

describe('collections', () => {
  it('a moderator makes one from rules; its page lists the public events matching every rule, soonest first', async () => {
    const made = await send(api, 'POST', '/collections', {
      token: moderator.token,
      json: { slug: 'Kids-Week', name: 'Kids week', description: 'For the little ones', categories: ['kids'], organizers: [organizer.id] },
    })
    expect(made.status).toBe(201)
    expect(made.body).toMatchObject({ slug: 'kids-week', name: 'Kids week', rules: { categories: ['kids'], organizers: [organizer.id] }, events: [] })
    const page = await api.get('/collections/kids-week')
    expect(page.status).toBe(200)
    // Not the other organizer's, not the ended one, never the private one.
    expect(titles(page)).toEqual(['Puppet show', 'Across town', 'Jazz for kids'])
    expect(titles(page)).not.toContain('Secret kids party')
    expect(titles(page)).not.toContain('Kids, long ago')
    expect((await api.get('/collections')).body.items.map((c: { slug: string }) => c.slug)).toContain('kids-week')
  })

  it('words and a place narrow the rules; hand-picked events are in whatever the rules say, but never a private one', async () => {
    const byWords = await send(api, 'POST', '/collections', { token: moderator.token, json: { slug: 'jazz', name: 'Jazz', words: 'jazz', categories: ['concerts'] } })
    expect(byWords.status).toBe(201)
    expect(titles(await api.get('/collections/jazz')).sort()).toEqual(['Jazz for kids', 'Late jazz'])

    const atTheHall = await send(api, 'POST', '/collections', { token: moderator.token, json: { slug: 'the-hall', name: 'At the hall', places: [ids.get('The hall')] } })
    expect(titles(await api.get(`/collections/${atTheHall.body.slug}`))).toEqual(['Across town'])

    const picks = await send(api, 'POST', '/collections', {
      token: moderator.token,
      json: { slug: 'picks', name: 'Our picks', events: [ids.get('Late jazz'), ids.get('Secret kids party')] },
    })
    expect(picks.status).toBe(400)
    expect(picks.body.errors).toEqual({ events: ['Only public events can be in a collection.'] })
    const picked = await send(api, 'POST', '/collections', { token: moderator.token, json: { slug: 'picks', name: 'Our picks', events: [ids.get('Late jazz')] } })
    expect(picked.body.events).toEqual([ids.get('Late jazz')])
    expect(titles(await api.get('/collections/picks'))).toEqual(['Late jazz'])
    // Picked, then made private by its organizer: it leaves the collection's page.
    await api.app.ctx.db.updateTable('posts').set({ access_type: 'PRIVATE' }).where('id', '=', ids.get('Late jazz')!).execute()
    expect(titles(await api.get('/collections/picks'))).toEqual([])
    await api.app.ctx.db.updateTable('posts').set({ access_type: 'COMMON' }).where('id', '=', ids.get('Late jazz')!).execute()
  })

  it('organizers can be named by username; the collection has calendar and Atom feeds of the same events', async () => {
    const made = await send(api, 'POST', '/collections', {
      token: moderator.token,
      json: { slug: 'their-kids', name: 'Their kids week', description: 'Kids events by one organizer', categories: ['kids'], organizers: [organizer.username.toUpperCase()] },
    })
    expect(made.status).toBe(201)
    expect(made.body.rules.organizers).toEqual([organizer.id])
    const ics = await api.get('/calendar/collection/their-kids.ics')
    expect(ics.status).toBe(200)
    expect(ics.headers.get('content-type')).toMatch(/^text\/calendar/)
    const feed = parseIcs(ics)
    expect(feed.name).toBe('Nearby: Their kids week')
    // The page's events and, as in every feed, those that ended in the last 30 days; never the private one.
    expect(feed.events.map((e) => e.summary).sort()).toEqual(['Across town', 'Jazz for kids', 'Kids, long ago', 'Puppet show'])
    const atom = await api.get('/calendar/collection/their-kids.atom')
    expect(atom.status).toBe(200)
    expect(atom.headers.get('content-type')).toMatch(/^application\/atom\+xml/)
    const entries = [...atom.text.matchAll(/<entry>[\s\S]*?<title[^>]*>([^<]*)<\/title>/g)].map((m) => m[1])
    expect(entries).toEqual(['Puppet show', 'Across town', 'Jazz for kids'])
    expect(atom.text).toContain('<subtitle>Kids events by one organizer</subtitle>')
    expect(atom.text).toContain('href="http://web.test/collections/their-kids"')
    // A change to the collection itself is a change of its feeds.
    const before = ics.headers.get('last-modified')!
    await new Promise((resolve) => setTimeout(resolve, 1100))
    await send(api, 'PATCH', '/collections/their-kids', { token: moderator.token, json: { name: 'Their week' } })
    const after = await api.get('/calendar/collection/their-kids.ics', { headers: { 'if-modified-since': before } })
    expect(after.status).toBe(200)
    expect(parseIcs(after).name).toBe('Nearby: Their week')
    const unknown = await send(api, 'POST', '/collections', { token: moderator.token, json: { slug: 'nobodys', name: 'x', organizers: ['no-such-username'] } })
    expect(unknown.body.errors).toEqual({ organizers: ['Not found.'] })
  })

  it('a moderator changes and removes one; the events stay', async () => {
    const changed = await send(api, 'PATCH', '/collections/jazz', { token: moderator.token, json: { name: 'All that jazz', categories: [], events: [ids.get('Puppet show')] } })
    expect(changed.status).toBe(200)
    expect(changed.body).toMatchObject({ slug: 'jazz', name: 'All that jazz', rules: { categories: [], words: 'jazz' } })
    expect(titles(await api.get('/collections/jazz')).sort()).toEqual(['Jazz for kids', 'Late jazz', 'Puppet show'])
    const renamed = await send(api, 'PATCH', '/collections/jazz', { token: moderator.token, json: { slug: 'all-jazz' } })
    expect(renamed.body.slug).toBe('all-jazz')
    expect((await api.get('/collections/jazz')).status).toBe(404)
    expect((await send(api, 'DELETE', '/collections/all-jazz', { token: moderator.token })).status).toBe(200)
    expect((await api.get('/collections/all-jazz')).status).toBe(404)
    const stillThere = await api.app.ctx.db.selectFrom('posts').select('id').where('id', '=', ids.get('Puppet show')!).executeTakeFirst()
    expect(stillThere).toBeDefined()
  })

  it('refuses whoever is no moderator, a slug in use, unknown organizers and places, and bad fields', async () => {
    const body = { slug: 'mine', name: 'Mine' }
    expect((await send(api, 'POST', '/collections', { json: body })).status).toBe(401)
    expect((await send(api, 'POST', '/collections', { token: organizer.token, json: body })).status).toBe(403)
    expect((await send(api, 'PATCH', '/collections/kids-week', { token: organizer.token, json: { name: 'x' } })).status).toBe(403)
    expect((await send(api, 'DELETE', '/collections/kids-week', { token: organizer.token })).status).toBe(403)
    const taken = await send(api, 'POST', '/collections', { token: moderator.token, json: { slug: 'kids-week', name: 'Again' } })
    expect(taken.status).toBe(400)
    expect(taken.body.errors).toEqual({ slug: ['A collection already has this address: choose another.'] })
    const unknown = await send(api, 'POST', '/collections', { token: moderator.token, json: { ...body, organizers: ['nobody'], places: [ids.get('Late jazz')] } })
    expect(unknown.body.errors).toEqual({ organizers: ['Not found.'], places: ['Not found.'] })
    const bad = await send(api, 'POST', '/collections', { token: moderator.token, json: { slug: 'Not a slug!', name: '', categories: ['cooking'], startsFrom: 'someday' } })
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body.errors).sort()).toEqual(['categories.0', 'name', 'slug', 'startsFrom'])
    expect(bad.body.errors.slug).toEqual(['Use lowercase letters, digits and hyphens (up to 60), e.g. summer-festival.'])
    const backwards = await send(api, 'POST', '/collections', { token: moderator.token, json: { ...body, startsFrom: '2031-05-10', startsUntil: '2031-05-01' } })
    expect(Object.keys(backwards.body.errors)).toEqual(['startsUntil'])
    expect((await api.get('/collections/no-such-one')).status).toBe(404)
  })
})
