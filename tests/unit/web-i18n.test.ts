// Every text exists in en and ru, and the static pages keep the promises of SPEC §1 and §9.
import { describe, expect, it } from 'vitest'
import { ACCOUNT_DELETION_DAYS, LANGUAGES, REPORT_REVIEW_HOURS } from '../../contract/constants'
import { NAMESPACES } from '../../app/i18n'
import { resources } from '../../app/locales/resources.server'
import { serverT } from '../../app/i18n.server'

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

const PLURAL = /_(zero|one|two|few|many|other)$/
/** The plural forms a language must have (CLDR, as Intl.PluralRules names them for integers and fractions). */
const formsOf = (language: string) => new Intl.PluralRules(language).resolvedOptions().pluralCategories

/** Texts by key, a plural text under its base key with its forms. */
function byBase(texts: Map<string, string>): Map<string, Map<string, string>> {
  const out = new Map<string, Map<string, string>>()
  for (const [key, text] of texts) {
    const form = PLURAL.exec(key)?.[1] ?? ''
    const base = form ? key.slice(0, -form.length - 1) : key
    if (!out.has(base)) out.set(base, new Map())
    out.get(base)!.set(form, text)
  }
  return out
}

/** Every language against English, so that a new language's missing texts are listed here (docs/languages.md, "Add a language"). */
const TRANSLATIONS = LANGUAGES.filter((language) => language !== 'en')
const NAMESPACE_NAMES = Object.keys(resources.en) as Array<keyof typeof resources.en>

it('every language has the namespaces of English, and the web knows them all (app/i18n.ts)', () => {
  expect([...NAMESPACE_NAMES].sort()).toEqual([...NAMESPACES].sort())
  for (const language of LANGUAGES) expect(Object.keys(resources[language]).sort(), language).toEqual([...NAMESPACES].sort())
})

// Every namespace of the web, the validation messages included.
describe.each(TRANSLATIONS.flatMap((language) => NAMESPACE_NAMES.map((namespace) => [language, namespace] as const)))(
  '%s: the %s namespace',
  (language, namespace) => {
    const en = byBase(leaves(resources.en[namespace]))
    const translated = byBase(leaves(resources[language][namespace]))

    it('has the keys of English, no more, none empty', () => {
      const missing = [...en.keys()].filter((key) => !translated.has(key))
      const extra = [...translated.keys()].filter((key) => !en.has(key))
      expect({ missing, extra }).toEqual({ missing: [], extra: [] })
      for (const forms of [...en.values(), ...translated.values()])
        for (const [form, text] of forms) expect(text.trim(), form).not.toBe('')
    })

    it('has every plural form of each language where a text counts', () => {
      for (const [lang, texts] of [['en', en], [language, translated]] as const)
        for (const [key, forms] of texts) {
          if (forms.has('')) expect([...forms.keys()], `${lang} ${key}`).toEqual([''])
          else expect([...forms.keys()].sort(), `${lang} ${key}`).toEqual([...formsOf(lang)].sort())
        }
    })

    it('uses the placeholders of English', () => {
      for (const [key, forms] of en) {
        const expected = interpolations(forms.get('') ?? forms.get('other') ?? '')
        for (const [form, text] of translated.get(key) ?? []) {
          const found = interpolations(text)
          // A language's "one" may say the number in words.
          if (form === 'one') expect(found.every((name) => expected.includes(name)), `${key}_${form}`).toBe(true)
          else expect(found, `${key}${form ? `_${form}` : ''}`).toEqual(expected)
        }
      }
    })
  },
)

describe('plural texts', () => {
  it('say the number of days until an account is deleted in the right form', () => {
    const forms = resources.ru.settings.delete
    expect(forms.note_one).toContain('{{count}} день')
    expect(forms.note_few).toContain('{{count}} дня')
    expect(forms.note_many).toContain('{{count}} дней')
    expect(resources.en.settings.delete.note_other).toContain('{{count}} days')
  })

  it('pick the form by the number, in both languages', () => {
    const note = (language: 'en' | 'ru', count: number) => serverT(language, 'settings')('delete.note', { count })
    expect(note('ru', 30)).toContain('через 30 дней')
    expect(note('ru', 1)).toContain('через 1 день')
    expect(note('ru', 2)).toContain('через 2 дня')
    expect(note('ru', 21)).toContain('через 21 день')
    expect(note('en', 30)).toContain('after 30 days.')
    expect(note('en', 1)).toContain('after 1 day.')
    expect(serverT('ru', 'settings')('delete.consequences.purged', { count: 30 })).toMatch(/^Через 30 дней мы/)
    expect(serverT('ru', 'report')('sent', { count: 24 })).toContain('в течение 24 часов.')
    expect(serverT('ru', 'report')('sent', { count: 1 })).toContain('в течение 1 часа.')
    expect(serverT('en', 'report')('sent', { count: 24 })).toContain('within 24 hours.')
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
