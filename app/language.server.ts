// The reader's language: the language cookie (the en/ru switch, /resources/locale) if set, else the best
// match of the browser's Accept-Language, else the default.
import { createCookie } from '@remix-run/node'
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '#contract'
import { cookiesAreSecure } from './utils/env.server'

/** The chosen language; remembered for a year. */
export const localeCookie = createCookie('lng', {
  path: '/',
  sameSite: 'lax',
  httpOnly: true,
  secure: cookiesAreSecure(),
  maxAge: 60 * 60 * 24 * 365,
})

const isLanguage = (value: unknown): value is Language => (LANGUAGES as readonly unknown[]).includes(value)

/**
 * The supported language an `Accept-Language` header prefers: by quality, then by order; `ru-RU` matches
 * `ru`; `*` and `q=0` entries choose nothing. Null when nothing matches.
 */
export function preferredLanguage(header: string | null): Language | null {
  if (!header) return null
  const ranked = header
    .split(',')
    .map((entry, index) => {
      const [tag = '', ...params] = entry.trim().split(';')
      const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean)
      return { base: tag.trim().toLowerCase().split('-')[0]!, quality: q === undefined ? 1 : Number(q), index }
    })
    .filter(({ quality }) => quality > 0 && !Number.isNaN(quality))
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
  return ranked.map(({ base }) => base).find(isLanguage) ?? null
}

export async function getLanguage(request: Request): Promise<Language> {
  const chosen: unknown = await localeCookie.parse(request.headers.get('Cookie')).catch(() => null)
  if (isLanguage(chosen)) return chosen
  return preferredLanguage(request.headers.get('Accept-Language')) ?? DEFAULT_LANGUAGE
}
