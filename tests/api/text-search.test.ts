// Text search through the index gives the same results on SQLite (FTS5 trigram) and PostgreSQL (pg_trgm)
// (docs/decisions/033-lists-at-scale.md): each database of a run is held to one rule written out in JS — a row
// matches when every word of the query is a substring of one of its texts, ignoring case — over names in
// Latin and Cyrillic, with diacritics, LIKE's wildcards and quotes, words under three letters (no trigram),
// and a word so common that SQLite walks the list instead of fetching the matches.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { INDEX_MATCH_LIMIT } from '../../api/db/text-search'
import { MAX_COUNTED } from '../../api/lib/paging'
import type { NewUser } from '../../api/db/schema'
import { makeUser, postRow, send, type TestUser, userRow } from './events-fixtures'
import { startTestApi, type TestApi } from './helpers'

let api: TestApi
let admin: TestUser

const PEOPLE: [name: string, lastname: string, username: string, email: string][] = [
  ['Анна', 'Каренина', 'anna_k', 'anna@mail.ru'],
  ['Ана', 'Илић', 'ana.ilic', 'ana@example.rs'],
  ['Milica', 'Ilić', 'milica_i', 'milica@example.rs'],
  ['MILICA', 'Petrović', 'mp100', 'mp@example.com'],
  ['Jean', "O'Brien", 'jean"q', 'jean@example.ie'],
  ['Percent', '100%', 'a_b', 'pct@example.com'],
  ['Ёжик', 'Туманов', 'yozhik', 'yo@example.ru'],
  ['Straße', 'Groß', 'strasse', 'gross@example.de'],
]
const TITLES = ['Jazz night on the river', 'Джаз на крыше', 'Концерт: 100% live', 'Board_games evening', 'jazz_brunch', 'Ночь джаза']

/** Enough users named alike that the word is common (SQLite then walks the list and tests each row). */
const COMMON = 'Commonname'
/** Also more than the console counts (MAX_COUNTED): the count says "more than". */
const commonCount = Math.max(INDEX_MATCH_LIMIT, MAX_COUNTED) + 20

type Row = { id: string; texts: string[]; people: string[] }
let users: Row[] = []
const posts: Row[] = []

/** The rule, in JS: every word of the query is in one of the texts, ignoring case. */
function oracle(rows: Row[], query: string, texts: 'people' | 'all'): string[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean)
  return rows
    .filter((r) => words.every((w) => (texts === 'people' ? r.people : r.texts).some((t) => t.toLowerCase().includes(w))))
    .map((r) => r.id)
    .sort()
}

beforeAll(async () => {
  api = await startTestApi()
  admin = await makeUser(api, { role: 'admin' })
  const user = (name: string, lastname: string, username: string, email: string): NewUser =>
    userRow({ name, lastname, username, email, moderation_status: 'APPROVED', moderation_image_status: 'APPROVED' })
  const rows = [
    ...PEOPLE.map(([name, lastname, username, email]) => user(name, lastname, username, email)),
    ...Array.from({ length: commonCount }, (_, i) => user(COMMON, `Person${i}`, `common${i}`, `common${i}@example.com`)),
  ]
  for (let i = 0; i < rows.length; i += 200) await api.app.ctx.db.insertInto('users').values(rows.slice(i, i + 200)).execute()
  // One of them renamed afterwards: the search index follows the row.
  await api.app.ctx.db.updateTable('users').set({ lastname: 'Karenina-Vronskaya' }).where('id', '=', rows[0]!.id).execute()
  rows[0]!.lastname = 'Karenina-Vronskaya'
  const all = await api.app.ctx.db.selectFrom('users').select(['id', 'name', 'lastname', 'username', 'email']).execute()
  users = all.map((u) => ({ id: u.id, people: [u.name, u.lastname, u.username], texts: [u.name, u.lastname, u.username, u.email ?? ''] }))
  for (const title of TITLES) {
    const row = postRow(admin.id, { title, moderation_status: 'APPROVED' })
    await api.app.ctx.db.insertInto('posts').values(row).execute()
    posts.push({ id: row.id, people: [title], texts: [title] })
  }
})
afterAll(async () => {
  await api?.close()
})

const QUERIES = ['анна', 'ИЛИЋ', 'ilić', 'ilic', 'mili ić', 'ёжи', 'ЁЖИК', 'straße', 'gro', 'a_b', '100%', '%', '_', "o'b", 'jean"q', 'an', 'a', 'mail', 'example.rs', 'karenina-v', 'zzzz', 'na ka']

describe('the same matches on this database as the rule in JS', () => {
  it('people search (names and usernames, never emails), every query', async () => {
    for (const query of QUERIES) {
      const res = await send(api, 'GET', `/profile/?query=${encodeURIComponent(query)}&pageSize=50`)
      expect(res.status, query).toBe(200)
      const expected = oracle(users, query, 'people')
      const got = (res.body.profiles as { _id: string }[]).map((p) => p._id).sort()
      if (expected.length <= 50) expect(got, query).toEqual(expected)
      else {
        expect(got, query).toHaveLength(50)
        expect(got.every((id) => expected.includes(id)), query).toBe(true)
      }
    }
  })

  it("the console's users (names, usernames and emails), with the count", async () => {
    for (const query of QUERIES) {
      const res = await send(api, 'GET', `/admin/users?query=${encodeURIComponent(query)}&pageSize=50`, { token: admin.token })
      expect(res.status, query).toBe(200)
      const expected = oracle(users, query, 'all')
      expect(res.body.total, query).toBe(Math.min(expected.length, MAX_COUNTED))
      expect(res.body.totalCapped, query).toBe(expected.length > MAX_COUNTED)
      const got = (res.body.users as { _id: string }[]).map((u) => u._id)
      expect(got.every((id) => expected.includes(id)), query).toBe(true)
      expect(got.length, query).toBe(Math.min(expected.length, 50))
    }
  })

  it("the console's events by title", async () => {
    for (const query of ['джаз', 'JAZZ', 'jazz night', 'ночь', '100%', '_', 'board_', 'на', 'z']) {
      const res = await send(api, 'GET', `/admin/events?query=${encodeURIComponent(query)}&pageSize=50`, { token: admin.token })
      expect(res.status, query).toBe(200)
      expect((res.body.events as { _id: string }[]).map((e) => e._id).sort(), query).toEqual(oracle(posts, query, 'all'))
    }
  })

  it('a common word (over INDEX_MATCH_LIMIT matches) pages in order with the right count', async () => {
    const first = await send(api, 'GET', `/admin/users?query=${COMMON.toLowerCase()}&pageSize=50&sort=oldest`, { token: admin.token })
    expect(first.body).toMatchObject({ total: MAX_COUNTED, totalCapped: true, hasMore: true })
    expect(first.body.users).toHaveLength(50)
    const people = await send(api, 'GET', `/profile/?query=${COMMON}&pageSize=50`)
    expect(people.body.profiles).toHaveLength(50)
    expect(people.body.hasMore).toBe(true)
    // In the people search's order: name, last name, username.
    const lastnames = (people.body.profiles as { lastname: string }[]).map((p) => p.lastname)
    expect(lastnames).toEqual([...lastnames].sort())
    // Pages stop at MAX_LIST_DEPTH rows: the last reachable page has no "more", the next one is refused.
    const last = await send(api, 'GET', `/admin/users?query=${COMMON}&pageSize=50&page=${MAX_COUNTED / 50}`, { token: admin.token })
    expect(last.body).toMatchObject({ hasMore: false, totalCapped: true })
    expect(last.body.users).toHaveLength(50)
    const beyond = await send(api, 'GET', `/admin/users?query=${COMMON}&pageSize=50&page=${MAX_COUNTED / 50 + 1}`, { token: admin.token, lang: 'ru' })
    expect(beyond.status).toBe(400)
    expect(beyond.body.errors.page).toEqual(['Эта страница слишком далеко в списке: сузьте его поиском или фильтрами.'])
    // With a second, rarer word the matches are few again.
    const one = await send(api, 'GET', `/profile/?query=${COMMON}%20person70&pageSize=50`, {})
    expect((one.body.profiles as { lastname: string }[]).map((p) => p.lastname).sort()).toEqual(
      users.filter((u) => u.people[1]!.toLowerCase().startsWith('person70')).map((u) => u.people[1]).sort(),
    )
  })
})
