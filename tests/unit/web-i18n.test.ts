// Every text exists in en and ru, and the static pages keep the promises of SPEC §1 and §9.
import { describe, expect, it } from 'vitest'
import { ACCOUNT_DELETION_DAYS, REPORT_REVIEW_HOURS } from '../../contract/constants'
import { resources } from '../../app/locales/resources.server'

type Tree = { [key: string]: unknown }

function leaves(tree: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>()
  if (typeof tree === 'string') {
    out.set(prefix, tree)
    return out
  }
  for (const [key, value] of Object.entries(tree as Tree)) {
    for (const [path, text] of leaves(value, prefix ? `${prefix}.${key}` : key)) out.set(path, text)
  }
  return out
}

function interpolations(text: string) {
  return [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort()
}

// Every namespace of the web, the validation messages included.
describe.each(Object.keys(resources.en) as Array<keyof typeof resources.en>)('the %s namespace', (namespace) => {
  const en = leaves(resources.en[namespace])
  const ru = leaves(resources.ru[namespace])

  it('has the same keys in en and ru, none empty', () => {
    expect([...ru.keys()].sort()).toEqual([...en.keys()].sort())
    for (const [key, text] of [...en, ...ru]) expect(text.trim(), key).not.toBe('')
  })

  it('uses the same placeholders in both languages', () => {
    for (const [key, text] of en) expect(interpolations(ru.get(key) ?? ''), key).toEqual(interpolations(text))
  })
})

describe('static pages', () => {
  it('promise deletion within 30 days and report review within 24 hours, in both languages', () => {
    expect(ACCOUNT_DELETION_DAYS).toBe(30)
    expect(REPORT_REVIEW_HOURS).toBe(24)
    const deletion = {
      en: `within ${ACCOUNT_DELETION_DAYS} days`,
      ru: `в течение ${ACCOUNT_DELETION_DAYS} дней`,
    }
    const review = { en: `within ${REPORT_REVIEW_HOURS} hours`, ru: `в течение ${REPORT_REVIEW_HOURS} часов` }
    for (const language of ['en', 'ru'] as const) {
      const pages = resources[language].static
      expect(JSON.stringify(pages.deleteAccount)).toContain(deletion[language])
      expect(JSON.stringify(pages.privacyPolicy)).toContain(deletion[language])
      expect(JSON.stringify(pages.termsOfUse)).toContain(review[language])
      expect(JSON.stringify(pages.childSafety)).toContain(review[language])
      expect(JSON.stringify(pages.childSafety)).toContain('CSAE')
    }
  })

  it('has the 404 text of SPEC §8', () => {
    expect(resources.en.common.errors.notFound).toBe('Sorry! the page you are looking for does not exist.')
  })
})
