// Geocoding proxy to a Nominatim-compatible service (GEOCODER_URL): an in-memory LRU cache, at most one
// upstream request per GEOCODER_MIN_INTERVAL_MS (Nominatim policy: 1/s) through a short queue, a
// User-Agent, a short timeout, and a fallback to the bundled city data when the upstream fails.
import type { GeoItem, Language } from '#contract'
import type { FastifyBaseLogger } from 'fastify'
import { HttpError } from '../../lib/errors'
import { cityName, countryName, nearestCity, suggestCities } from '../cities/data'

export interface GeocoderOptions {
  url: string
  userAgent: string
  timeoutMs: number
  minIntervalMs: number
  cacheSize?: number
  cacheTtlMs?: number
  /** Requests waiting for their upstream slot beyond this are refused with 429. */
  maxQueue?: number
}

export type GeoSource = 'upstream' | 'cache' | 'cities'
export interface GeoAnswer {
  items: GeoItem[]
  source: GeoSource
}

class Lru<V> {
  private map = new Map<string, { value: V; expires: number }>()
  constructor(
    private readonly max: number,
    private readonly ttlMs: number,
  ) {}
  get(key: string): V | undefined {
    const hit = this.map.get(key)
    if (!hit) return undefined
    if (hit.expires < Date.now()) {
      this.map.delete(key)
      return undefined
    }
    this.map.delete(key)
    this.map.set(key, hit)
    return hit.value
  }
  set(key: string, value: V) {
    this.map.delete(key)
    this.map.set(key, { value, expires: Date.now() + this.ttlMs })
    while (this.map.size > this.max) {
      const oldest = this.map.keys().next().value
      if (oldest === undefined) break
      this.map.delete(oldest)
    }
  }
}

function toItems(data: unknown): GeoItem[] {
  const list = Array.isArray(data) ? data : data && typeof data === 'object' ? [data] : []
  const out: GeoItem[] = []
  for (const raw of list.slice(0, 10)) {
    const o = raw as Record<string, unknown>
    if (typeof o.display_name !== 'string') continue
    const lat = Number(o.lat)
    const lon = Number(o.lon)
    if (!Number.isFinite(lat) || !Number.isFinite(lon)) continue
    out.push({ display_name: o.display_name.slice(0, 500), lat: String(lat), lon: String(lon) })
  }
  return out
}

const shared = new WeakMap<object, Geocoder>()

/**
 * The app's one geocoder: the address search and the calendar import share its upstream spacing (Nominatim's one
 * request a second counts requests from this instance, whoever makes them) and its cache.
 */
export function geocoderOf(ctx: { config: { geocoder: GeocoderOptions } }, log?: FastifyBaseLogger): Geocoder {
  let geocoder = shared.get(ctx)
  if (!geocoder) shared.set(ctx, (geocoder = createGeocoder(ctx.config.geocoder, log)))
  return geocoder
}

export type Geocoder = ReturnType<typeof createGeocoder>

export function createGeocoder(opts: GeocoderOptions, log?: FastifyBaseLogger) {
  const cache = new Lru<GeoItem[]>(opts.cacheSize ?? 1000, opts.cacheTtlMs ?? 24 * 3_600_000)
  const inflight = new Map<string, Promise<GeoItem[]>>()
  let chain: Promise<void> = Promise.resolve()
  let lastSent = 0
  let waiting = 0
  const maxQueue = opts.maxQueue ?? 5
  // 10 % margin: the upstream measures arrivals, and our send times jitter with the event loop.
  const spacing = Math.ceil(opts.minIntervalMs * 1.1)

  /** Resolves when this caller may send its upstream request: FIFO, sends spaced by `spacing` ms. */
  function slot(): Promise<void> {
    waiting++
    const turn = chain.then(async () => {
      const wait = lastSent + spacing - Date.now()
      if (wait > 0) await new Promise((r) => setTimeout(r, wait))
      lastSent = Date.now()
    })
    chain = turn.catch(() => undefined)
    return turn.finally(() => {
      waiting--
    })
  }

  async function upstream(path: string, params: Record<string, string>, language: Language): Promise<GeoItem[]> {
    if (waiting >= maxQueue) throw new HttpError(429, 'rateLimited', {}, { 'retry-after': '1' })
    await slot()
    const url = new URL(opts.url + path)
    for (const [k, v] of Object.entries({ format: 'json', ...params })) url.searchParams.set(k, v)
    const res = await fetch(url, {
      headers: { 'user-agent': opts.userAgent, accept: 'application/json', 'accept-language': language },
      signal: AbortSignal.timeout(opts.timeoutMs),
    })
    if (!res.ok) throw new Error(`geocoder answered ${res.status}`)
    return toItems(await res.json())
  }

  function fallbackForward(q: string, language: Language): GeoItem[] {
    // "Street 1, City" → try the last comma-separated parts as a city name too.
    const parts = q.split(',').map((s) => s.trim()).filter(Boolean)
    const candidates = [q, ...parts.slice(1).reverse(), parts[0] ?? '']
    for (const c of candidates) {
      const cities = suggestCities(c, 5)
      if (cities.length)
        return cities.map((city) => ({
          display_name: `${cityName(city, language)}, ${countryName(city.countryCode, language)}`,
          lat: String(city.lat),
          lon: String(city.lon),
        }))
    }
    return []
  }

  async function cached(key: string, load: () => Promise<GeoItem[]>, fallback: () => GeoItem[]): Promise<GeoAnswer> {
    const hit = cache.get(key)
    if (hit) return { items: hit, source: 'cache' }
    let p = inflight.get(key)
    if (!p) {
      p = load().finally(() => inflight.delete(key))
      inflight.set(key, p)
    }
    try {
      const items = await p
      cache.set(key, items)
      return { items, source: 'upstream' }
    } catch (err) {
      if (err instanceof HttpError) throw err
      log?.warn({ err: (err as Error).message }, 'geocoder failed; answering from the city data')
      return { items: fallback(), source: 'cities' }
    }
  }

  return {
    search(q: string, language: Language): Promise<GeoAnswer> {
      const query = q.trim().replace(/\s+/g, ' ')
      const key = `q:${language}:${query.toLowerCase()}`
      return cached(
        key,
        () => upstream('/search', { q: query, limit: '5', addressdetails: '0' }, language),
        () => fallbackForward(query, language),
      )
    },
    reverse(lat: number, lon: number, language: Language): Promise<GeoAnswer> {
      const la = lat.toFixed(5)
      const lo = lon.toFixed(5)
      return cached(
        `r:${language}:${la},${lo}`,
        () => upstream('/reverse', { lat: la, lon: lo }, language),
        () => {
          const c = nearestCity(lat, lon)
          return c
            ? [{ display_name: `${cityName(c, language)}, ${countryName(c.countryCode, language)}`, lat: la, lon: lo }]
            : []
        },
      )
    },
  }
}
