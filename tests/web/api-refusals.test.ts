// The net under every loader and action (app/utils/api-refusals.server.ts): an API refusal a route did not
// handle becomes its 4xx page, with the API's message code; anything else is left as it is.
import type { ServerBuild } from '@remix-run/node'
import { describe, expect, it } from 'vitest'

process.env.SESSION_SECRET ??= 'web-test-session-secret-0123456789'
const { ApiError } = await import('../../app/utils/api.server')
const { withApiRefusalsAsResponses } = await import('../../app/utils/api-refusals.server')

type Thrown = { type: string; data: { message: string | null; text: string | null }; init: { status: number } | null }

function buildThrowing(error: unknown): ServerBuild {
  const fail = async () => {
    throw error
  }
  return {
    routes: { 'routes/page': { id: 'routes/page', path: 'page', module: { loader: fail, action: fail, default: () => null } } },
  } as unknown as ServerBuild
}

async function thrownBy(build: ServerBuild, kind: 'loader' | 'action'): Promise<unknown> {
  const run = build.routes['routes/page']!.module[kind] as (args: unknown) => Promise<unknown>
  return run({ request: new Request('http://web.test/page'), params: {}, context: {} }).then(
    () => null,
    (error: unknown) => error,
  )
}

describe('API refusals under every loader and action', () => {
  it('turns an API 4xx into a response of the same status carrying its message code and text', async () => {
    for (const status of [400, 403, 404, 409, 413]) {
      const build = withApiRefusalsAsResponses(buildThrowing(new ApiError(status, { message: 'Refused.', errors: {}, code: 'invalidValue' })))
      for (const kind of ['loader', 'action'] as const) {
        const thrown = (await thrownBy(build, kind)) as Thrown
        expect(thrown.type, `${kind} ${status}`).toBe('DataWithResponseInit')
        expect(thrown.init?.status).toBe(status)
        expect(thrown.data.message).toBe('invalidValue')
        expect(thrown.data.text).toBe('Refused.')
      }
    }
  })

  it('sends no text with a body that is not the API’s (no code: a proxy’s status line, a code of the web’s own)', async () => {
    const proxy = withApiRefusalsAsResponses(buildThrowing(new ApiError(413, { message: 'Request Entity Too Large', errors: {} })))
    const thrown = (await thrownBy(proxy, 'action')) as Thrown
    expect(thrown.init?.status).toBe(413)
    expect(thrown.data).toEqual({ message: null, text: null })
  })

  it('leaves API 5xx, other errors and the route module’s other exports alone', async () => {
    const serverError = new ApiError(503, { message: 'Down.', errors: {} })
    expect(await thrownBy(withApiRefusalsAsResponses(buildThrowing(serverError)), 'loader')).toBe(serverError)
    const bug = new TypeError('a bug')
    expect(await thrownBy(withApiRefusalsAsResponses(buildThrowing(bug)), 'action')).toBe(bug)
    const original = buildThrowing(bug)
    const wrapped = withApiRefusalsAsResponses(original)
    expect(wrapped.routes['routes/page']!.module.default).toBe(original.routes['routes/page']!.module.default)
  })
})
