// GET /geo/search: the geocoding proxy against a fake Nominatim on loopback (cache, 1 request/s pacing,
// User-Agent, fallback to the bundled city data when the upstream fails, times out or is down).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeNominatim, type FakeNominatim } from '../support/nominatim'
import { startTestApi, type TestApi } from './helpers'

let api: TestApi
/** Same fake upstream, no pacing: for the tests that are not about pacing. */
let quick: TestApi
let geo: FakeNominatim

beforeAll(async () => {
  geo = await startFakeNominatim()
  api = await startTestApi({
    GEOCODER_URL: geo.url,
    GEOCODER_USER_AGENT: 'NearbyTest/1.0 (test@example.com)',
    GEOCODER_TIMEOUT_MS: '300',
    GEOCODER_MIN_INTERVAL_MS: '1000',
  })
  quick = await startTestApi({ GEOCODER_URL: geo.url, GEOCODER_TIMEOUT_MS: '300', GEOCODER_MIN_INTERVAL_MS: '0' })
})
afterAll(async () => {
  await api?.close()
  await quick?.close()
  await geo?.close()
})

describe('GET /geo/search', () => {
  it('proxies a search with format=json and our User-Agent, then answers from the cache', async () => {
    geo.requests.length = 0
    const first = await api.get('/geo/search?q=Knez%20Mihailova%205')
    expect(first.status).toBe(200)
    expect(first.body).toEqual({
      items: [{ display_name: 'Knez Mihailova, Stari Grad, Belgrade, Serbia', lat: '44.817', lon: '20.457' }],
      source: 'upstream',
    })
    expect(geo.requests).toHaveLength(1)
    expect(geo.requests[0]).toMatchObject({ path: '/search', query: { format: 'json', q: 'Knez Mihailova 5' }, userAgent: 'NearbyTest/1.0 (test@example.com)' })
    const second = await api.get('/geo/search?q=knez%20mihailova%205')
    expect(second.body.source).toBe('cache')
    expect(second.body.items).toEqual(first.body.items)
    expect(geo.requests).toHaveLength(1)
  })

  it('sends at most one request per second upstream', async () => {
    geo.requests.length = 0
    const res = await Promise.all(['alpha', 'beta', 'gamma'].map((q) => api.get(`/geo/search?q=${q}`)))
    expect(res.map((r) => r.body.source)).toEqual(['upstream', 'upstream', 'upstream'])
    expect(geo.requests).toHaveLength(3)
    const times = geo.requests.map((r) => r.at)
    for (let i = 1; i < times.length; i++) expect((times[i] as number) - (times[i - 1] as number)).toBeGreaterThanOrEqual(1000)
  })

  it('reverse geocodes lat/lon', async () => {
    const res = await quick.get('/geo/search?lat=44.8&lon=20.46')
    expect(res.body).toEqual({ items: [{ display_name: 'Point 44.80000, 20.46000', lat: '44.8', lon: '20.46' }], source: 'upstream' })
    expect(geo.requests.at(-1)?.path).toBe('/reverse')
  })

  it('falls back to the city data when the upstream fails or hangs', async () => {
    geo.mode = 'error'
    const res = await quick.get('/geo/search?q=Novi%20Sad')
    expect(res.status).toBe(200)
    expect(res.body.source).toBe('cities')
    expect(res.body.items[0]).toMatchObject({ display_name: 'Novi Sad, Serbia' })
    expect(Number(res.body.items[0].lat)).toBeCloseTo(45.25, 1)
    geo.mode = 'hang'
    const started = Date.now()
    const hung = await quick.get('/geo/search?q=Street%201,%20Belgrade', { lang: 'ru' })
    expect(Date.now() - started).toBeLessThan(2000)
    expect(hung.body.source).toBe('cities')
    expect(hung.body.items[0].display_name).toBe('Белград, Сербия')
    geo.mode = 'ok'
  })

  it('validates the query', async () => {
    const res = await quick.get('/geo/search')
    expect(res.status).toBe(400)
    expect(res.body.errors).toEqual({ q: ['This field is required!'] })
  })
})

describe('upstream down', () => {
  it('answers from the city data when nothing listens at GEOCODER_URL', async () => {
    const down = await startTestApi({ GEOCODER_URL: 'http://127.0.0.1:9', GEOCODER_MIN_INTERVAL_MS: '0' })
    try {
      const res = await down.get('/geo/search?q=Beograd')
      expect(res.body.source).toBe('cities')
      const rev = await down.get('/geo/search?lat=44.81&lon=20.46')
      expect(rev.body).toMatchObject({ source: 'cities', items: [{ display_name: 'Belgrade, Serbia' }] })
    } finally {
      await down.close()
    }
  })
})
