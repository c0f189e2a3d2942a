// No input makes a 500 (issue "Never a 500"), the API's half: every operation of /openapi.json, as a visitor, a
// user and an admin, with invalid JSON, wrong types, 1 MB strings, NUL, broken multipart, bad ids and bad query
// values, must answer below 500. The API runs on a fresh SQLite file with the fake geocoder on loopback
// (fuzz-support.ts); operations are enumerated, so one added later is covered without touching this file. The
// figures (requests, statuses, time) are printed at the end. The web's half is fuzz-web.test.ts.
import { randomBytes } from 'node:crypto'
import { afterAll, describe, expect, it } from 'vitest'
import type { TestUser } from '../api/events-fixtures'
import type { TestApi } from '../api/helpers'
import { inBatches, rawRequest } from '../support/route-manifest'
import { type Body, LONG, multipart, newTally, ODD_IDS, printFigures, record, type Role, ROLES, useFuzzApi, URLENCODED, WIDTH } from './fuzz-support'

type JsonSchema = {
  type?: string | string[]
  properties?: Record<string, JsonSchema>
  items?: JsonSchema
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
}
interface Operation {
  method: string
  path: string
  parameters?: { name: string; in: string; schema?: JsonSchema }[]
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> }
}

function typeOf(schema: JsonSchema | undefined): string {
  const type = schema?.type ?? schema?.anyOf?.[0]?.type ?? schema?.oneOf?.[0]?.type
  return Array.isArray(type) ? (type[0] ?? 'string') : (type ?? 'string')
}

/** A value of the wrong type for a schema. */
function wrongType(schema: JsonSchema | undefined): unknown {
  switch (typeOf(schema)) {
    case 'string':
      return { $gt: '' }
    case 'number':
    case 'integer':
      return '12abc'
    case 'boolean':
      return 'yes'
    case 'array':
      return 'not-an-array'
    default:
      return [1, 2]
  }
}

function jsonBodies(schema: JsonSchema | undefined): Body[] {
  const properties = Object.entries(schema?.properties ?? {})
  const each = (value: (schema: JsonSchema) => unknown) =>
    JSON.stringify(Object.fromEntries(properties.map(([name, property]) => [name, value(property)])))
  const json = (name: string, body: string): Body => ({ name, contentType: 'application/json', body })
  return [
    json('invalid JSON', '{"a":'),
    json('null', 'null'),
    json('array', '[]'),
    json('wrong types', each(wrongType)),
    json('NUL strings', each(() => 'a\u0000b')),
    json('1 MB strings', each((property) => (typeOf(property) === 'string' ? 'x'.repeat(1024 * 1024) : -1))),
    json('huge numbers', each(() => 1e308)),
    { name: 'form instead of JSON', contentType: URLENCODED, body: 'a=b' },
  ]
}

function multipartBodies(): Body[] {
  const boundary = 'apifuzz'
  return [
    { name: 'broken multipart', contentType: `multipart/form-data; boundary=${boundary}`, body: `--${boundary}\r\ngarbage` },
    { name: 'multipart without a boundary', contentType: 'multipart/form-data', body: 'x' },
    {
      name: 'multipart with junk',
      contentType: `multipart/form-data; boundary=${boundary}`,
      body: multipart(boundary, [
        { name: 'title', value: 'a\u0000b' },
        { name: 'eventLocation', value: '{"type":"Point"' },
        { name: 'participantsLimit', value: '-1' },
        { name: 'files', value: randomBytes(2048), filename: 'x.jpg' },
        { name: 'avatar', value: 'not an image', filename: 'a.png' },
      ]),
    },
    { name: 'JSON instead of multipart', contentType: 'application/json', body: '{"title":1}' },
  ]
}

// ---------------------------------------------------------------------------------------------------------
// The stack and the bookkeeping.

let api: TestApi, owner: TestUser, admin: TestUser, other: TestUser, eventId: string
useFuzzApi((stack) => ({ api, owner, admin, other, eventId } = stack))

const tallies = { api: newTally() }
const started = Date.now()

async function bearerFor(role: Role): Promise<string | null> {
  if (role === 'visitor') return null
  const user = role === 'admin' ? admin : owner
  const { familyId } = await api.app.tokens.startSession(user.id)
  return api.app.tokens.signAccessToken({ id: user.id, role: role === 'admin' ? 'superAdmin' : 'user', isActivated: true }, familyId)
}

afterAll(() => {
  printFigures('API', tallies.api, started)
})

describe('the API answers every operation below 500', () => {
  it('every operation of /openapi.json with bad bodies, ids and queries', async () => {
    const spec = (await (await fetch(`${api.url}/openapi.json`)).json()) as { paths: Record<string, Record<string, Operation>> }
    const operations: Operation[] = Object.entries(spec.paths).flatMap(([route, methods]) =>
      Object.entries(methods)
        .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
        .map(([method, operation]) => ({ ...operation, method: method.toUpperCase(), path: route })),
    )
    expect(operations.length).toBeGreaterThan(50)

    const jobs: [Role, Operation, string, Body | null][] = []
    for (const operation of operations) {
      const pathParams = [...operation.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!)
      const realId = /profile|users/.test(operation.path) ? other.id : eventId
      const paths = [realId, ...ODD_IDS].map((id) =>
        operation.path.replace(/\{(\w+)\}/g, (_, name: string) => (name === 'userId' ? other.id : encodeURIComponent(id))),
      )
      if (pathParams.length === 0) paths.splice(1)
      const query = (operation.parameters ?? []).filter((parameter) => parameter.in === 'query')
      const queries = ['', ...['-1', '%00', 'NO_SUCH_VALUE', LONG.slice(0, 2_000)].map((value) => `?${query.map((p) => `${p.name}=${value}`).join('&')}`)]
      const content = operation.requestBody?.content ?? {}
      const bodies: (Body | null)[] = [null]
      if (content['application/json']) bodies.push(...jsonBodies(content['application/json'].schema))
      if (content['multipart/form-data']) bodies.push(...multipartBodies())
      for (const role of ROLES) {
        for (const target of paths) for (const body of bodies) jobs.push([role, operation, target, body])
        if (query.length) for (const q of queries.slice(1)) jobs.push([role, operation, `${paths[0]}${q}`, null])
      }
    }
    await inBatches(jobs, WIDTH, async ([role, operation, target, body]) => {
      const headers: Record<string, string> = { 'Accept-Language': 'en' }
      const token = await bearerFor(role)
      if (token) headers.Authorization = `Bearer ${token}`
      if (body?.contentType) headers['Content-Type'] = body.contentType
      if (body) headers['Content-Length'] = String(Buffer.byteLength(body.body))
      const what = `${operation.method} ${target.slice(0, 120)}${body ? ` [${body.name}]` : ''} as ${role}`
      const start = performance.now()
      try {
        const response = await rawRequest(`${api.url}${target}`, { method: operation.method, headers, body: body?.body })
        record(tallies.api, what, response.status, response.head, `${operation.method} ${operation.path}`, performance.now() - start)
      } catch (error) {
        record(tallies.api, what, 0, String(error))
      }
    })
    expect(tallies.api.failures).toEqual([])
  }, 240_000)
})
