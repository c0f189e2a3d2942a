// A page's i18next instance remembers texts asked for without values (app/i18n.server.ts, decision 036): what it
// answers must be what i18next itself answers — for every text of both languages, in the namespace order the
// screen asks, with a key prefix, with values and plural counts after the same key was asked for plainly.
import i18next from 'i18next'
import { describe, expect, it } from 'vitest'
import { LANGUAGES } from '#contract'
import { i18nConfig, NAMESPACES } from '~/i18n'
import { pageI18n } from '~/i18n.server'
import { resources } from '~/locales/resources.server'

process.env.SESSION_SECRET ??= 'web-test-session-secret-0123456789'

/** An instance like the pages', without the memory: what i18next answers by itself. */
const plain = i18next.createInstance()
await plain.init({ ...i18nConfig, resources, ns: [...NAMESPACES], lng: 'en', initImmediate: false })

/** Every key of a namespace's texts, nested keys joined with dots, plural suffixes dropped. */
function keysOf(texts: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(texts).flatMap(([key, value]) =>
    value && typeof value === 'object'
      ? keysOf(value as Record<string, unknown>, `${prefix}${key}.`)
      : [`${prefix}${key.replace(/_(zero|one|two|few|many|other)$/, '')}`],
  )
}

describe('texts remembered by a page instance', () => {
  for (const language of LANGUAGES) {
    it(`answers every text of ${language} as i18next does, the first time and after`, () => {
      const page = pageI18n(language)
      let compared = 0
      for (const namespace of NAMESPACES) {
        const keys = [...new Set(keysOf(resources[language][namespace] as Record<string, unknown>))]
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
