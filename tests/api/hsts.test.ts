// HSTS (security issue, item 7): behind https (WEB_URL) every API answer says "https only, for a year";
// on plain http (development) it says nothing, as browsers ignore it there anyway.
import { afterAll, describe, expect, it } from 'vitest'
import { startTestApi, type TestApi } from './helpers'

const apis: TestApi[] = []
afterAll(async () => {
  await Promise.all(apis.map((api) => api.close()))
})

describe('Strict-Transport-Security on the API', () => {
  it('is sent on every answer when WEB_URL is https', async () => {
    const api = await startTestApi({ WEB_URL: 'https://nearby.example' })
    apis.push(api)
    for (const path of ['/health', '/auth/my', '/no-such-route']) {
      const res = await api.get(path)
      expect(res.headers.get('strict-transport-security'), path).toBe('max-age=31536000; includeSubDomains')
    }
  })

  it('is not sent when WEB_URL is http', async () => {
    const api = await startTestApi({ WEB_URL: 'http://localhost:3000' })
    apis.push(api)
    expect((await api.get('/health')).headers.get('strict-transport-security')).toBeNull()
  })
})
