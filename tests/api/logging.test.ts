// Structured logs never carry passwords, tokens or cookies.
import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { activatedUser, startTestApi, type TestApi } from './helpers'

let api: TestApi
let output = ''
beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _enc, done) {
      output += chunk.toString()
      done()
    },
  })
  api = await startTestApi({ LOG_LEVEL: 'trace' }, undefined, { logStream: stream })
})
afterAll(async () => {
  await api?.close()
})

describe('logging', () => {
  it('writes JSON lines with request ids and redacts secrets', async () => {
    const s = await activatedUser(api, { password: 'Sup3rSecretPw' })
    await api.post(
      '/auth/login',
      { email: s.input.email, password: 'Sup3rSecretPw' },
      { headers: { cookie: 'session=SECRETCOOKIE' } },
    )
    await api.get('/auth/my', { token: s.accessToken })
    await api.post('/auth/refresh', { refreshToken: s.refreshToken })
    api.app.log.info(
      {
        body: { password: 'Sup3rSecretPw', refreshToken: s.refreshToken },
        headers: { authorization: `Bearer ${s.accessToken}` },
      },
      'probe',
    )
    const lines = output
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>)
    expect(lines.some((l) => l.msg === 'request completed' && typeof l.reqId === 'string')).toBe(true)
    expect(lines.some((l) => l.msg === 'probe')).toBe(true)
    expect(output).not.toContain('Sup3rSecretPw')
    expect(output).not.toContain(s.accessToken)
    expect(output).not.toContain(s.refreshToken)
    expect(output).not.toContain('SECRETCOOKIE')
  })

  it("keeps the personal calendar feed's secret token out of the request logs", async () => {
    const s = await activatedUser(api)
    const { url } = (await api.get('/calendar/me', { token: s.accessToken })).body as { url: string }
    const token = /\/calendar\/feed\/([^/]+)\.ics$/.exec(url)?.[1] ?? ''
    expect(token).toHaveLength(43)
    expect((await api.get(new URL(url).pathname)).status).toBe(200)
    expect(output).toContain('/calendar/feed/[redacted].ics')
    expect(output).not.toContain(token)
  })
})
