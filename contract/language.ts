// The reader's language, one rule for the API (its messages and mails) and the web (remix-i18next's detection).
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './constants'

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value)
}

/** `value` if it is one of our languages, else `fallback` (a stored locale, a page's `lang`, a detected tag). */
export function languageOr(value: unknown, fallback: Language = DEFAULT_LANGUAGE): Language {
  return isLanguage(value) ? value : fallback
}

/** The locale each language writes dates in: English as in the UK (day before month, 24-hour clock). */
export const DATE_LOCALES: Record<Language, string> = { en: 'en-GB', ru: 'ru-RU' }

/**
 * The languages an `Accept-Language` header accepts, best first (by quality, then by order), as primary subtags
 * (`ru-RU` is `ru`: our languages have no regions); `*`, `q=0` and malformed entries are dropped.
 */
export function acceptedLanguages(header: string | readonly string[] | null | undefined): string[] {
  const value = typeof header === 'string' ? header : header?.join(',')
  if (!value) return []
  return value
    .slice(0, 500) // a header is a few tags: a huge one is not read to its end
    .split(',')
    .map((entry, index) => {
      const [tag = '', ...params] = entry.trim().split(';')
      const q = params.map((param) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean)
      return { tag: tag.trim().toLowerCase(), quality: q === undefined ? 1 : Number(q), index }
    })
    .filter(({ tag, quality }) => /^[a-z]{1,8}(-[a-z\d]{1,8})*$/.test(tag) && quality > 0 && quality <= 1)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map(({ tag }) => tag.split('-')[0]!)
    .filter((language, index, all) => all.indexOf(language) === index)
}

/** The first of our languages that an `Accept-Language` header accepts, or null. */
export function preferredLanguage(header: string | readonly string[] | null | undefined): Language | null {
  return acceptedLanguages(header).find(isLanguage) ?? null
}
