// Deeply nested input (security issue, item 6): a JSON body or a multipart JSON field nested thousands of
// levels deep used to overflow the stack of the NUL scan and answer 500. It is a 400 naming the field, on
// every event call that reads a body, and a NUL still is.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findInputIssues, MAX_INPUT_DEPTH } from '../../api/lib/input-scan'
import { createEvent, eventForm, baseEvent, jpeg, makeUser, send, type TestUser } from './events-fixtures'
import { startTestApi, type TestApi } from './helpers'

const DEPTH = 5_000
const deepJson = `${'['.repeat(DEPTH)}1${']'.repeat(DEPTH)}`

/** A JSON body whose `field` is `deepJson` (built as text: JSON.stringify itself would overflow). */
async function sendDeepJson(method: string, path: string, field: string) {
  const body = JSON.stringify(baseEvent()).replace(/}$/, `,${JSON.stringify(field)}:${deepJson}}`)
  const res = await fetch(api.url + path, {
    method,
    headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
    body,
  })
  return { status: res.status, body: (await res.json()) as { errors: Record<string, string[]> } }
}

let api: TestApi
let owner: TestUser
let eventId: string

beforeAll(async () => {
  api = await startTestApi()
  owner = await makeUser(api)
  eventId = (await createEvent(api, owner.token))._id
})
afterAll(() => api?.close())

describe('the input scan', () => {
  it('walks a value 100,000 levels deep without recursion and names where it stopped', () => {
    const issues = findInputIssues({ price: JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`) })
    expect(Object.keys(issues)).toHaveLength(1)
    expect(Object.keys(issues)[0]!.startsWith('price.0.0')).toBe(true)
    expect(Object.keys(issues)[0]!.split('.')).toHaveLength(MAX_INPUT_DEPTH)
  })

  it('finds NUL characters in keys and strings, and passes ordinary payloads', () => {
    expect(findInputIssues({ a: { b: ['x', 'y\u0000'] } })).toEqual({ 'a.b.1': ['invalidValue'] })
    expect(findInputIssues({ 'k\u0000': 1 })).toEqual({ body: ['invalidValue'] })
    expect(findInputIssues({ price: { amount: 1, currency: 'EUR' }, hours: [{ day: 'monday' }] })).toEqual({})
  })
})

describe('deeply nested bodies answer 400, never 500', () => {
  it('POST /event with a deep JSON body', async () => {
    const res = await sendDeepJson('POST', '/event', 'price')
    expect(res.status).toBe(400)
    expect(Object.keys(res.body.errors).some((key) => key.startsWith('price'))).toBe(true)
  })

  it('POST /event with a deep JSON string in a multipart field', async () => {
    const form = eventForm({ ...baseEvent(), price: undefined }, [await jpeg()])
    form.append('price', deepJson)
    const res = await send(api, 'POST', '/event', { token: owner.token, form })
    expect(res.status).toBe(400)
    expect(Object.keys(res.body.errors)).toEqual(['price'])
  })

  it('PUT /event/{id} with a deep JSON body and with a deep multipart field', async () => {
    const json = await sendDeepJson('PUT', `/event/${eventId}`, 'categories')
    expect(json.status).toBe(400)
    const form = eventForm({ ...baseEvent(), categories: undefined })
    form.append('categories', deepJson)
    const multipart = await send(api, 'PUT', `/event/${eventId}`, { token: owner.token, form })
    expect(multipart.status).toBe(400)
  })

  it('POST /event/{id}/upload with a deep multipart field', async () => {
    const form = eventForm({ coordinates: undefined }, [await jpeg()])
    form.append('hours', deepJson)
    const res = await send(api, 'POST', `/event/${eventId}/upload`, { token: owner.token, form })
    expect(res.status).toBe(400)
  })

  it('a deep JSON body on any other route', async () => {
    const res = await sendDeepJson('PATCH', '/profile/my', 'name')
    expect(res.status).toBe(400)
  })
})
