// Translation on the server (docs/decisions/034-remix-i18next.md): remix-i18next detects the reader's language,
// and one i18next instance holds every text of every language for what renders outside React — route `meta`
// (app/utils/meta-text.ts), toasts and other texts that never reach the browser (serverT).
import { createCookie } from '@remix-run/node'
import i18next from 'i18next'
import { RemixI18Next } from 'remix-i18next/server'
import { acceptedLanguages, DEFAULT_LANGUAGE, languageOr, LANGUAGES, type Language } from '#contract'
import { i18nConfig, NAMESPACES, type Namespace } from './i18n'
import { resources } from './locales/resources.server'
import { cookiesAreSecure } from './utils/env.server'

/** The chosen language (the en/ru switch, /resources/locale); remembered for a year. */
export const localeCookie = createCookie('lng', {
  path: '/',
  sameSite: 'lax',
  httpOnly: true,
  secure: cookiesAreSecure(),
  maxAge: 60 * 60 * 24 * 365,
})

export const i18nServer = new RemixI18Next({
  detection: {
    supportedLanguages: [...LANGUAGES],
    fallbackLanguage: DEFAULT_LANGUAGE,
    // The language cookie if set, else the best match of Accept-Language (no `?lng=`: a URL does not switch).
    // The header is read by the rule the API uses too (contract/language.ts): remix-i18next's own header step
    // keeps only the first tag, so `de, ru;q=0.5` would get the default instead of Russian, and its
    // strict-then-loose match would answer `en-GB, ru` in Russian.
    order: ['cookie', 'custom'],
    cookie: localeCookie,
    findLocale: async (request) => acceptedLanguages(request.headers.get('Accept-Language')),
  },
  i18next: { ...i18nConfig, resources },
})

/** The reader's language: the language cookie, then Accept-Language, then the default. */
export async function getLanguage(request: Request): Promise<Language> {
  const language = await i18nServer.getLocale(request)
  return languageOr(language)
}

// The server's texts, loaded once into i18next's global instance, which route `meta` functions share with the
// browser (where entry.client.tsx initialises it with the page's language and namespaces only)…
void i18next.init({
  ...i18nConfig,
  resources,
  ns: [...NAMESPACES],
  lng: DEFAULT_LANGUAGE,
  initImmediate: false,
  // A text asked for that no namespace has is logged (i18next's missing-key hook): tests/web/texts-every-route
  // reads every page and fails on it. One asked for with a default (a code the API may send) is no mistake.
  saveMissing: true,
  missingKeyHandler(languages, namespace, key, _fallback, _update, options: { defaultValue?: unknown }) {
    if (options?.defaultValue === undefined)
      console.warn(`[i18n] missing text ${[languages].flat().join()}/${namespace}:${key}`)
  },
})
// Route `meta` functions and the server's own texts ask it the same texts on every page: looked up once.
rememberPlainTexts(i18next)

// …and one instance per language for rendering pages, sharing those texts. remix-i18next's guide sets up an
// instance per request; that costs 0.35–0.6 ms of CPU per page (measured: `new I18n` and its loggers), and
// nothing ever changes a page instance's language or texts (the language switch reloads the document; every
// namespace is already in), so pages in different languages rendered at the same time each keep their own.
const pageInstances = Object.fromEntries(
  LANGUAGES.map((language) => [
    language,
    rememberPlainTexts(i18next.cloneInstance({ lng: language, initImmediate: false })),
  ]),
) as Record<Language, typeof i18next>

/** Enough for every text of the web in one language, asked from several namespace lists, in every plural form, with
 * room for keys built from data (categories, codes). */
const REMEMBERED_TEXTS_MAX = 20_000

/** Options `useTranslation`'s `t` adds to every call: they pick the text, they are not values. */
const PICKING_OPTIONS = new Set(['lng', 'ns', 'keyPrefix'])
/** Options that change what i18next does beyond picking a text and filling its values: i18next's own path. */
const I18NEXT_OPTION = /^(defaultValue|context|returnObjects|returnDetails|joinArrays|replace|interpolation|postProcess|ordinal|fallbackLng|lngs|skipInterpolation|nsSeparator|keySeparator|nest|lngs|appendNamespaceToMissingKey|missingInterpolationHandler)/
/** A text whose placeholders are all plain `{{name}}`: filled here. */
const PLACEHOLDER = /\{\{(\w+)\}\}/g
/** Stands for a text that needs i18next for every call (nesting, formats): never filled here. */
const NEEDS_I18NEXT = Symbol('needs i18next')

/**
 * The values of a call that asks for a text and fills plain values (strings, numbers, a plural `count`), as
 * strings; null for any other call (i18next's own path). An empty object: a text without values.
 */
function plainValuesOf(options: Record<string, unknown> | undefined): Record<string, string> | null {
  const values: Record<string, string> = {}
  for (const name in options) {
    const value = options[name]
    // react-i18next's `t` sends `lngs: null` when the instance's own language is meant.
    if (value === undefined || value === null || PICKING_OPTIONS.has(name)) continue
    if (I18NEXT_OPTION.test(name)) return null
    if (typeof value === 'string') values[name] = value
    else if (typeof value === 'number' && Number.isFinite(value)) values[name] = String(value)
    else return null
  }
  return values
}

/**
 * A page instance's texts never change, so each text is looked up once and its `{{values}}` filled here:
 * i18next's lookup (key and namespace parsing, fallbacks, plural forms, interpolation) of the same few hundred
 * texts was 8 % of the web's CPU for a home page (docs/decisions/036), and again 9 % with values (decision 054).
 * The lookup is i18next's own, without interpolation (`skipInterpolation`), once per key, namespace, language
 * and plural form; a text with anything but plain placeholders (nesting, formats) or a call with any option
 * beyond values goes to i18next every time. A missing text is still logged, the first time it is asked for.
 * tests/unit/web-i18next.test.ts compares every text of every language with i18next's own answer.
 */
export function rememberPlainTexts(instance: typeof i18next): typeof i18next {
  const translate = instance.t.bind(instance) as (key: unknown, options?: Record<string, unknown>) => unknown
  const remembered = new Map<string, unknown>()
  const pluralRules = new Map<string, Intl.PluralRules>()
  /** The plural form `count` picks in `language`, as i18next picks it (Intl's rules, and `_zero` for 0). */
  const pluralFormOf = (language: string, count: number) => {
    let rules = pluralRules.get(language)
    if (!rules) pluralRules.set(language, (rules = new Intl.PluralRules(language)))
    return count === 0 ? 'zero' : rules.select(count)
  }
  const t = (key: unknown, options?: Record<string, unknown>) => {
    const values = typeof key === 'string' ? plainValuesOf(options) : null
    if (values === null) return translate(key, options)
    const count = options?.count
    if (count !== undefined && typeof count !== 'number') return translate(key, options)
    const ns = options?.ns
    const language = String(options?.lng ?? instance.language)
    const form = count === undefined ? '' : pluralFormOf(language, count)
    const id = `${language}\u0000${Array.isArray(ns) ? ns.join() : (ns ?? '')}\u0000${options?.keyPrefix ?? ''}\u0000${form}\u0000${key}`
    let text = remembered.get(id)
    if (text === undefined) {
      const looked = translate(key, { lng: options?.lng, ns, keyPrefix: options?.keyPrefix, count, skipInterpolation: true })
      text = typeof looked === 'string' && !looked.includes('$t(') && !looked.replace(PLACEHOLDER, '').includes('{{') ? looked : NEEDS_I18NEXT
      if (remembered.size < REMEMBERED_TEXTS_MAX) remembered.set(id, text)
    }
    if (text === NEEDS_I18NEXT) return translate(key, options)
    if (typeof text !== 'string' || !text.includes('{{')) return text
    let missing = false
    const filled = text.replace(PLACEHOLDER, (_, name: string) => {
      if (name in values) return values[name]!
      missing = true
      return ''
    })
    // A value the call did not give: i18next's own answer (and its warning).
    return missing ? translate(key, options) : filled
  }
  instance.t = t as typeof instance.t
  return instance
}

/** The i18next instance that renders a page in `language` (entry.server.tsx's I18nextProvider). */
export function pageI18n(language: Language) {
  return pageInstances[language]
}

/** `t` for texts the server translates and the browser never loads (toasts, messages of redirects). */
export function serverT(language: Language, namespace: Namespace) {
  return i18next.getFixedT(language, namespace)
}

/** Whether `key` is a text of `namespace` (or names its own, `namespace:key`); with `count`, in its plural forms. */
export function isServerText(
  language: Language,
  namespace: Namespace,
  key: string,
  values?: Record<string, unknown>,
): boolean {
  return i18next.exists(key, { ...values, lng: language, ns: namespace })
}
