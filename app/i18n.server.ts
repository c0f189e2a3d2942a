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

/** Options that pick the text (a call through `getFixedT` has them fixed): they are not values. */
const PICKING_OPTIONS = new Set(['lng', 'lngs', 'ns', 'keyPrefix'])
/** Options that change what i18next does beyond picking a text and filling its values: i18next's own path. */
const I18NEXT_OPTIONS = new Set(['context', 'returnObjects', 'returnDetails', 'joinArrays', 'replace', 'interpolation', 'postProcess', 'ordinal', 'fallbackLng', 'skipInterpolation', 'nsSeparator', 'keySeparator', 'nest', 'appendNamespaceToMissingKey', 'missingInterpolationHandler'])
/** A text whose placeholders are all plain `{{name}}`: filled here. */
const PLACEHOLDER = /\{\{(\w+)\}\}/g
/** Stands for a text that needs i18next for every call (nesting, formats): never filled here. */
const NEEDS_I18NEXT = Symbol('needs i18next')

type Translate = (key: unknown, options?: Record<string, unknown>) => unknown

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
    if (I18NEXT_OPTIONS.has(name) || name.startsWith('defaultValue')) return null
    if (typeof value === 'string') values[name] = value
    else if (typeof value === 'number' && Number.isFinite(value)) values[name] = String(value)
    else return null
  }
  return values
}

/** A text with plain placeholders, split once: `parts[0] + values[names[0]] + parts[1] + …`. */
class Template {
  constructor(
    readonly parts: string[],
    readonly names: string[],
  ) {}
}

/** What to remember of a looked-up text: itself, its Template, or NEEDS_I18NEXT (nesting, formats, objects). */
function templateOf(looked: unknown): unknown {
  if (typeof looked !== 'string') return NEEDS_I18NEXT
  if (!looked.includes('{{')) return looked.includes('$t(') ? NEEDS_I18NEXT : looked
  const pieces = looked.split(PLACEHOLDER)
  const parts = pieces.filter((_, index) => index % 2 === 0)
  if (looked.includes('$t(') || parts.some((part) => part.includes('{{'))) return NEEDS_I18NEXT
  return new Template(parts, pieces.filter((_, index) => index % 2 === 1))
}

/** Whether a call through a fixed `t` picks another language, namespace or key prefix than the one fixed. */
const picksOtherText = (options: Record<string, unknown>) => options.lng != null || options.lngs != null || options.ns != null || options.keyPrefix != null

/**
 * A page instance's texts never change, so each text is looked up once and its `{{values}}` filled here:
 * i18next's lookup (key and namespace parsing, fallbacks, plural forms, interpolation) of the same few hundred
 * texts was 8 % of the web's CPU for a home page (docs/decisions/036), and again 9 % with values (decision 054).
 * The lookup is i18next's own, without interpolation (`skipInterpolation`), once per key, namespace, language
 * and plural form; a text with anything but plain placeholders (nesting, formats) or a call with any option
 * beyond values goes to i18next every time. A missing text is still logged, the first time it is asked for.
 * Both ways in are served: `t` with its options, and the `t` of `getFixedT` (react-i18next's useTranslation,
 * serverT, metaText), which knows its language and namespaces once for all its calls.
 * tests/web/remembered-texts.test.ts compares every text of every language with i18next's own answer.
 */
export function rememberPlainTexts(instance: typeof i18next): typeof i18next {
  const translate = instance.t.bind(instance) as Translate
  const fixedTOf = instance.getFixedT.bind(instance) as (lng: unknown, ns?: unknown, keyPrefix?: unknown) => Translate & object
  const remembered = new Map<string, unknown>()
  const pluralRules = new Map<string, { rules: Intl.PluralRules; forms: Map<number, string> }>()
  /** The plural form `count` picks in `language`, as i18next picks it (Intl's rules, and `_zero` for 0); Intl is
   * asked once per count (the counts a page shows are few: its whole numbers under 10,000 are kept). */
  const pluralFormOf = (language: string, count: number) => {
    let plural = pluralRules.get(language)
    if (!plural) pluralRules.set(language, (plural = { rules: new Intl.PluralRules(language), forms: new Map() }))
    let form = plural.forms.get(count)
    if (form === undefined) {
      form = count === 0 ? 'zero' : plural.rules.select(count)
      if (Number.isInteger(count) && count >= 0 && count < 10_000) plural.forms.set(count, form)
    }
    return form
  }

  /**
   * The text of `key` within `scope` (its language, namespaces and key prefix, as a string), its values filled;
   * `slow` is i18next's answer for that scope, asked with `picking` (what selects the scope) to look a text up.
   */
  function answer(scope: string, language: string, key: string, options: Record<string, unknown> | undefined, slow: Translate, picking: Record<string, unknown>) {
    const values = plainValuesOf(options)
    const count = options?.count
    if (values === null || (count !== undefined && typeof count !== 'number')) return slow(key, options)
    const id = `${scope}${count === undefined ? '' : pluralFormOf(language, count)}\u0000${key}`
    let text = remembered.get(id)
    if (text === undefined) {
      text = templateOf(slow(key, { ...picking, count, skipInterpolation: true }))
      if (remembered.size < REMEMBERED_TEXTS_MAX) remembered.set(id, text)
    }
    if (text === NEEDS_I18NEXT) return slow(key, options)
    if (!(text instanceof Template)) return text
    let filled = text.parts[0]!
    for (let index = 0; index < text.names.length; index++) {
      const value = values[text.names[index]!]
      // A value the call did not give: i18next's own answer (and its warning).
      if (value === undefined) return slow(key, options)
      filled += value + text.parts[index + 1]!
    }
    return filled
  }

  const t: Translate = (key, options) => {
    if (typeof key !== 'string' || (options?.lngs != null)) return translate(key, options)
    const language = String(options?.lng ?? instance.language)
    const ns = options?.ns
    const scope = `t\u0000${language}\u0000${Array.isArray(ns) ? ns.join() : (ns ?? '')}\u0000${options?.keyPrefix ?? ''}\u0000`
    return answer(scope, language, key, options, translate, { lng: options?.lng, ns, keyPrefix: options?.keyPrefix })
  }
  /** Fixed `t`s by scope: every render of every component asks for one (useTranslation), always the same few. */
  const fixedTs = new Map<string, Translate>()
  const getFixedT = (lng: unknown, ns?: unknown, keyPrefix?: unknown) => {
    // Several languages to fall back through: i18next's own.
    if (lng != null && typeof lng !== 'string') return fixedTOf(lng, ns, keyPrefix)
    const language = (lng as string | null | undefined) ?? instance.language
    const scope = `fixed\u0000${language}\u0000${Array.isArray(ns) ? ns.join() : String(ns ?? '')}\u0000${String(keyPrefix ?? '')}\u0000`
    const known = fixedTs.get(scope)
    if (known) return known
    const fixed = fixedTOf(lng, ns, keyPrefix)
    const fast: Translate = (key, options) =>
      typeof key !== 'string' || (options !== undefined && (typeof options !== 'object' || picksOtherText(options)))
        ? fixed(key, options)
        : answer(scope, language, key, options, fixed, {})
    // What react-i18next reads of a fixed `t`.
    Object.assign(fast, { lng: (fixed as { lng?: unknown }).lng, lngs: (fixed as { lngs?: unknown }).lngs, ns: (fixed as { ns?: unknown }).ns, keyPrefix: (fixed as { keyPrefix?: unknown }).keyPrefix })
    if (fixedTs.size < 1000) fixedTs.set(scope, fast)
    return fast
  }
  instance.t = t as typeof instance.t
  instance.getFixedT = getFixedT as typeof instance.getFixedT
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
