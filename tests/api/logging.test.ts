// Structured logs never carry passwords, tokens or cookies.
import http from 'node:http'
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

  it("keeps the personal calendar feed's secret token out of the request logs, however the path is spelled", async () => {
    const s = await activatedUser(api)
    const { url } = (await api.get('/calendar/me', { token: s.accessToken })).body as { url: string }
    const token = /\/calendar\/feed\/([^/]+)\.ics$/.exec(url)?.[1] ?? ''
    expect(token).toHaveLength(43)
    const spellings = [
      `/calendar/feed/${token}.ics`,
      `/calendar/%66eed/${token}.ics`,
      `/calendar/%2566eed/${token}.ics`,
      `/%63alendar/feed/${token}.ics?lang=ru`,
      `//calendar/feed/${token}.ics`,
      `/calendar//feed/${token}.ics`,
      `/calendar/./feed/${token}.ics`,
      `/x/../calendar/feed/${token}.ics`,
      `/CALENDAR/FEED/${token}.ics`,
      `/calendar/feed/${token}.ics/`,
      `/calendar/feed/%zz${token}.ics`,
      `/calendar/feed/${token.slice(0, 20)}%${token.slice(20)}.ics`,
    ]
    const statuses: Record<string, number> = {}
    for (const spelling of spellings) statuses[spelling] = await rawGet(spelling)
    // The plain and the router-decoded spellings reach the feed; the others are refused. Either way, no log
    // line holds the secret.
    expect(statuses[`/calendar/feed/${token}.ics`]).toBe(200)
    expect(statuses[`/calendar/%66eed/${token}.ics`]).toBe(200)
    expect(output).toContain('/calendar/feed/[redacted]')
    expect(output).not.toContain(token)
    expect(output).not.toContain(token.slice(0, 20))
  })

  it('redacts token, code and password fields of a query string', async () => {
    await rawGet('/health?token=QUERYTOKEN123&code=QUERYCODE456&newPassword=QUERYPW789&lang=en')
    await rawGet('/no-such-route?resetToken=QUERYTOKEN2&%63ode=QUERYCODE2')
    expect(output).toContain('lang=en')
    for (const secret of ['QUERYTOKEN123', 'QUERYCODE456', 'QUERYPW789', 'QUERYTOKEN2', 'QUERYCODE2']) {
      expect(output).not.toContain(secret)
    }
  })
})

/** A GET with the path sent byte for byte (fetch would resolve `.` and `..` before sending). */
function rawGet(pathAsSent: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${api.url}/`, { method: 'GET', path: pathAsSent }, (res) => {
      res.resume()
      res.on('end', () => resolve(res.statusCode ?? 0))
    })
    req.on('error', reject)
    req.end()
  })
}
