import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { errorResponseSchema } from '#contract'
import { startTestApi, type TestApi } from './helpers'

let api: TestApi
beforeAll(async () => {
  api = await startTestApi()
})
afterAll(async () => {
  await api?.close()
})

function expectUniformError(body: unknown) {
  expect(errorResponseSchema.safeParse(body).success, JSON.stringify(body)).toBe(true)
}

describe('platform', () => {
  it('GET /health checks the database', async () => {
    const res = await api.get('/health')
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ status: 'ok', database: 'ok' })
  })

  it('GET /openapi.json lists the auth paths', async () => {
    const res = await api.get('/openapi.json')
    expect(res.status).toBe(200)
    expect(res.body.openapi).toMatch(/^3\./)
    const paths = Object.keys(res.body.paths)
    for (const p of [
      '/auth/login',
      '/auth/loginByGoogle',
      '/auth/registration',
      '/auth/activateEmail',
      '/auth/verificateEmail',
      '/auth/resetPassword',
      '/auth/newPassword',
      '/auth/logout',
      '/auth/refresh',
      '/auth/changePassword',
      '/auth/app-version',
      '/auth/my',
      '/health',
    ]) {
      expect(paths).toContain(p)
    }
    const login = res.body.paths['/auth/login'].post
    expect(login.requestBody.content['application/json'].schema.properties).toHaveProperty('password')
  })

  it('serves the Swagger UI at /docs', async () => {
    const res = await api.get('/docs/')
    expect(res.status).toBe(200)
    expect(res.text).toContain('swagger')
  })

  it('GET /auth/app-version answers the store links', async () => {
    const res = await api.get('/auth/app-version')
    expect(res.status).toBe(200)
    expect(res.body.androidStoreUrl).toMatch(/^https:\/\/play\.google\.com\//)
    expect(res.body.iosStoreUrl).toMatch(/^https:\/\/apps\.apple\.com\//)
  })

  it('unknown route → 404 in the uniform shape, translated', async () => {
    const res = await api.get('/no/such/route')
    expect(res.status).toBe(404)
    expect(res.body).toEqual({ message: 'Not found.', errors: {}, code: 'notFound' })
    const ru = await api.get('/no/such/route', { lang: 'ru-RU,ru;q=0.9,en;q=0.8' })
    expect(ru.body).toEqual({ message: 'Не найдено.', errors: {}, code: 'notFound' })
  })

  it('malformed JSON → 400, not 500', async () => {
    const res = await api.request('POST', '/auth/login', {
      rawBody: '{"email": ',
      headers: { 'content-type': 'application/json' },
    })
    expect(res.status).toBe(400)
    expectUniformError(res.body)
    expect(res.body.message).toBe('The request could not be read.')
  })

  it('wrong content type → 415', async () => {
    const res = await api.request('POST', '/auth/login', {
      rawBody: 'email=a&password=b',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(res.status).toBe(415)
    expect(res.body).toEqual({ message: 'Unsupported content type.', errors: {}, code: 'unsupportedMediaType' })
    const text = await api.request('POST', '/auth/login', {
      rawBody: 'hello',
      headers: { 'content-type': 'text/plain' },
    })
    expect(text.status).toBe(415)
  })

  it('too large body → 413', async () => {
    const big = JSON.stringify({ email: 'a'.repeat(1_200_000), password: 'x' })
    const res = await api.request('POST', '/auth/login', {
      rawBody: big,
      headers: { 'content-type': 'application/json' },
    })
    expect(res.status).toBe(413)
    expect(res.body).toEqual({ message: 'The request is too large.', errors: {}, code: 'payloadTooLarge' })
  })

  it('no body at all names every required field', async () => {
    const res = await api.request('POST', '/auth/registration')
    expect(res.status).toBe(400)
    expect(Object.keys(res.body.errors).sort()).toEqual(['email', 'lastname', 'name', 'password', 'username'])
    for (const v of Object.values(res.body.errors)) expect(v).toEqual(['This field is required!'])
  })

  it('CORS allows the web origin with credentials', async () => {
    const res = await api.request('OPTIONS', '/auth/login', {
      headers: {
        origin: 'http://web.test',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    })
    expect(res.status).toBeLessThan(300)
    expect(res.headers.get('access-control-allow-origin')).toBe('http://web.test')
    expect(res.headers.get('access-control-allow-credentials')).toBe('true')
  })

  // A table of nasty bodies (fast-check is not installed): none may produce a 5xx.
  const nasty: [string, string][] = [
    ['null', 'null'],
    ['number', '42'],
    ['string', '"hello"'],
    ['array', '[1,2,3]'],
    ['empty object', '{}'],
    ['proto pollution', '{"__proto__":{"admin":true},"email":"a@b.c","password":"x"}'],
    ['constructor pollution', '{"constructor":{"prototype":{"x":1}},"email":"a@b.c","password":"x"}'],
    ['nested objects', '{"email":{"$gt":""},"password":{"$ne":null}}'],
    ['arrays as fields', '{"email":["a@b.c"],"password":["x"]}'],
    ['booleans', '{"email":true,"password":false,"name":true,"refreshToken":true,"credential":false}'],
    ['huge numbers', '{"email":1e400,"password":-1e400}'],
    [
      'unicode',
      '{"email":"\\u0000\\ud800","password":"\\u202e\\uffff","name":"💥💥💥","username":"\\u0000"}',
    ],
    ['deep nesting', '{"a":' + '['.repeat(500) + ']'.repeat(500) + '}'],
    [
      'very long strings',
      JSON.stringify({
        email: 'x'.repeat(100_000),
        password: 'y'.repeat(100_000),
        refreshToken: 'z'.repeat(100_000),
        credential: 'c'.repeat(100_000),
        verificationCode: '1'.repeat(1000),
        activatedLink: '/'.repeat(5000),
      }),
    ],
    [
      'sql-ish',
      '{"email":"\' OR 1=1 --","password":"\'; DROP TABLE users; --","username":"a\' --","verificationCode":"12345\'","refreshToken":"\' or \'\'=\'","activatedLink":"../../etc/passwd"}',
    ],
    ['garbage', '\u0000\u0001\u0002'],
    ['trailing data', '{"email":"a@b.c"} {"x":1}'],
  ]
  const endpoints = [
    '/auth/login',
    '/auth/loginByGoogle',
    '/auth/registration',
    '/auth/activateEmail',
    '/auth/verificateEmail',
    '/auth/resetPassword',
    '/auth/newPassword',
    '/auth/refresh',
    '/auth/logout',
    '/auth/changePassword',
  ]
  it.each(nasty)('nasty body (%s) never answers 5xx', async (_name, raw) => {
    for (const endpoint of endpoints) {
      const res = await api.request('POST', endpoint, {
        rawBody: raw,
        headers: { 'content-type': 'application/json' },
      })
      expect(res.status, `${endpoint}: ${res.text}`).toBeGreaterThanOrEqual(400)
      expect(res.status, `${endpoint}: ${res.text}`).toBeLessThan(500)
      expectUniformError(res.body)
    }
  })

  it('nasty headers never answer 5xx', async () => {
    const cases: Record<string, string>[] = [
      { authorization: 'Bearer' },
      { authorization: 'Bearer a.b.c' },
      { authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.' },
      { authorization: 'Basic Zm9vOmJhcg==' },
      { 'accept-language': ';;;,,,q=abc,ru;q=-1,*' },
      { 'accept-language': 'x'.repeat(4000) },
      { 'content-type': 'application/json; charset=koi8-r' },
    ]
    for (const headers of cases) {
      const res = await api.request('GET', '/auth/my', { headers })
      expect(res.status, JSON.stringify(headers)).toBe(401)
      expectUniformError(res.body)
    }
  })
})
