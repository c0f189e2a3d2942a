// A page's i18next instance remembers its texts (app/i18n.server.ts, decisions 036 and 054) and fills their values
// itself: what it answers must be what i18next itself answers — for every text of both languages, in the namespace
// order the screen asks, with a key prefix, with values and plural counts, asked as react-i18next asks.
import i18next from 'i18next'
import { describe, expect, it } from 'vitest'
import { LANGUAGES } from '#contract'
import { i18nConfig, NAMESPACES } from '~/i18n'
import { pageI18n, rememberPlainTexts } from '~/i18n.server'
import { resources } from '~/locales/resources.server'

process.env.SESSION_SECRET ??= 'web-test-session-secret-0123456789'

/** An instance like the pages', without the memory: what i18next answers by itself. */
const plain = i18next.createInstance()
await plain.init({ ...i18nConfig, resources, ns: [...NAMESPACES], lng: 'en', initImmediate: false })

/** Every key of a namespace's texts, nested keys joined with dots, plural suffixes dropped. */
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/

/** Every text's key as written, plural forms apart (`items_one`, `items_other`). */
function keysOf(texts: object, prefix = ''): string[] {
  return Object.entries(texts).flatMap(([name, value]) =>
    typeof value === 'string' ? [`${prefix}${name}`] : value && typeof value === 'object' && !Array.isArray(value) ? keysOf(value, `${prefix}${name}.`) : [],
  )
}

/** The keys a screen asks for: plural forms as one key (`items`, asked with a count). */
const askedKeysOf = (texts: object) => [...new Set(keysOf(texts).map((key) => key.replace(PLURAL_SUFFIX, '')))]

describe('texts remembered by a page instance', () => {
  for (const language of LANGUAGES) {
    it(`answers every text of ${language} as i18next does, the first time and after`, () => {
      const page = pageI18n(language)
      let compared = 0
      for (const namespace of NAMESPACES) {
        const keys = askedKeysOf(resources[language][namespace] as object)
        const remembered = page.getFixedT(language, [namespace, 'common'])
        const expected = plain.getFixedT(language, [namespace, 'common'])
        for (const round of [1, 2]) {
          for (const key of keys) {
            expect(remembered(key), `${namespace}:${key} (round ${round})`).toEqual(expected(key))
            compared += 1
          }
        }
      }
      expect(compared).toBeGreaterThan(1000)
    })
  }

  it('keeps namespaces apart: the same key in another order of namespaces is the other namespace text', () => {
    const en = resources.en as unknown as Record<string, Record<string, unknown>>
    // A key two namespaces both have with different texts.
    const [first, second, key] = (() => {
      for (const a of NAMESPACES)
        for (const b of NAMESPACES)
          for (const k of Object.keys(en[a]!))
            if (
              a !== b &&
              typeof en[a]![k] === 'string' &&
              typeof en[b]![k] === 'string' &&
              en[a]![k] !== en[b]![k]
            )
              return [a, b, k]
      throw new Error('no key in two namespaces')
    })()
    const page = pageI18n('en')
    expect(page.getFixedT('en', [first, second])(key)).toBe(en[first]![key])
    expect(page.getFixedT('en', [second, first])(key)).toBe(en[second]![key])
    expect(page.getFixedT('en', first)(key)).toBe(en[first]![key])
  })

  it('translates values and counts anew after the same key was asked for plainly', () => {
    const page = pageI18n('en')
    // A plural text (its `_one` form is written out): the plain call is remembered, the counted ones are not.
    const namespace = NAMESPACES.find((ns) => Object.keys(resources.en[ns]).some((k) => k.endsWith('_one')))!
    const key = Object.keys(resources.en[namespace])
      .find((k) => k.endsWith('_one'))!
      .replace(/_one$/, '')
    const t = page.getFixedT('en', namespace)
    t(key)
    expect(t(key, { count: 1 })).toBe(plain.t(`${namespace}:${key}`, { count: 1 }))
    expect(t(key, { count: 5 })).toBe(plain.t(`${namespace}:${key}`, { count: 5 }))
    expect(t(key, { count: 5 })).not.toBe(t(key, { count: 1 }))
  })

  it('applies a key prefix as part of what is remembered', () => {
    const page = pageI18n('en')
    const events = resources.en.events as Record<string, unknown>
    const group = Object.keys(events).find((k) => events[k] && typeof events[k] === 'object')!
    const inner = Object.keys(events[group] as object)[0]!
    expect(page.getFixedT('en', 'events', group)(inner)).toBe(plain.t(`events:${group}.${inner}`))
    expect(page.getFixedT('en', 'events')(inner)).toBe(plain.getFixedT('en', 'events')(inner))
  })
})

describe('texts with values, filled from the remembered text (decision 054)', () => {
  /** Every text key of a namespace, as i18next names it (nested objects joined with dots, plural forms kept apart). */
  it('answers every text of every language and namespace as i18next does, with values, counts and plural forms, twice', () => {
    let compared = 0
    for (const [language, namespaces] of Object.entries(resources)) {
      const page = pageI18n(language as (typeof LANGUAGES)[number])
      const plainT = plain.getFixedT(language)
      for (const [namespace, texts] of Object.entries(namespaces)) {
        const names = keysOf(texts)
        for (const key of askedKeysOf(texts)) {
          const placeholders = [...new Set([...JSON.stringify(texts).matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]!))]
          const values = Object.fromEntries(placeholders.map((name) => [name, `<${name}>`]))
          const counted = [0, 1, 2, 5, 21, 1.5].map((count) => ({ ...values, count }))
          for (const options of names.includes(key) ? [{}, values, ...counted] : counted) {
            const expected = plainT(key, { ...options, ns: namespace })
            // Asked twice: the second answer comes from what the first remembered.
            expect(page.t(key, { ...options, lng: language, ns: namespace })).toBe(expected)
            // As react-i18next's `t` asks: `lngs: null` and the namespaces as a list.
            expect(page.t(key, { ...options, lng: language, lngs: null, ns: [namespace] } as Record<string, unknown>)).toBe(expected)
            compared += 1
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(5000)
  })

  it('asks i18next once per text and plural form, however often a page asks, with or without values', () => {
    // An instance as the pages' are made (the test above filled theirs up to the limit).
    const page = rememberPlainTexts(i18next.cloneInstance({ lng: 'ru', initImmediate: false }))
    const translator = (page as unknown as { translator: { translate: (...args: unknown[]) => unknown } }).translator
    const lookups: unknown[] = []
    const translate = translator.translate
    translator.translate = (...args: unknown[]) => (lookups.push(args[0]), translate.apply(translator, args))
    try {
      const t = page.getFixedT(null, ['report', 'common'])
      for (let time = 0; time < 3; time++) {
        expect(t('footer.rights', { year: 2030 + time })).toContain(String(2030 + time))
        for (const count of [1, 21, 3, 4, 5, 11]) expect(t('sent', { count })).toContain(String(count))
      }
    } finally {
      translator.translate = translate
    }
    // footer.rights once; `sent` once per Russian plural form its counts take (one, few, many).
    expect(lookups).toEqual(['footer.rights', 'sent', 'sent', 'sent'])
  })

  it('leaves i18next every call it does more for: a default value, a missing value, objects', () => {
    const page = pageI18n('en')
    expect(page.t('no.such.text', { lng: 'en', ns: 'common', defaultValue: 'Fallback {{n}}', n: 3 })).toBe('Fallback 3')
    // A value the call does not give: i18next's answer, not a half-filled text of ours.
    expect(page.t('footer.rights', { lng: 'en', ns: 'common' })).toBe(plain.getFixedT('en')('footer.rights', { ns: 'common' }))
    expect(page.t('footer.rights', { lng: 'en', ns: 'common', year: 2031 })).toContain('2031')
    expect(typeof page.t('privacyPolicy', { lng: 'en', ns: 'static', returnObjects: true })).toBe('object')
    // A fixed `t` asked for another namespace or language than its own answers that one's text.
    const fixed = page.getFixedT('en', 'report')
    expect(fixed('footer.rights', { ns: 'common', year: 2031 })).toBe(plain.getFixedT('en', 'common')('footer.rights', { year: 2031 }))
    expect(fixed('sent', { lng: 'ru', count: 3 })).toBe(plain.getFixedT('ru', 'report')('sent', { count: 3 }))
    expect(fixed('sent', { count: 3 })).toBe(plain.getFixedT('en', 'report')('sent', { count: 3 }))
  })
})
