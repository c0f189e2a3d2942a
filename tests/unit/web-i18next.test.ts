// The web's translation stack as configured (app/i18n.ts, app/i18n.server.ts; docs/decisions/034): the reader's
// language as remix-i18next detects it, and i18next's lookups, plurals and placeholders over our texts.
import { createInstance } from 'i18next'
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { I18nextProvider, initReactI18next, useTranslation } from 'react-i18next'
import { describe, expect, it } from 'vitest'
import { i18nConfig } from '../../app/i18n'
import { acceptedLanguages } from '../../contract/language'
import { getLanguage, localeCookie, serverT } from '../../app/i18n.server'
import { toastInLanguage } from '../../app/utils/toast.server'

const request = (headers: Record<string, string>, url = 'http://localhost/') => new Request(url, { headers })

describe('the reader’s language (RemixI18Next: the lng cookie, then Accept-Language)', () => {
  it('takes the best supported language by quality, then by order, matching regional tags', async () => {
    const language = (header: string) => getLanguage(request({ 'Accept-Language': header }))
    expect(await language('ru-RU,ru;q=0.9,en-US;q=0.8,en;q=0.7')).toBe('ru')
    expect(await language('de-DE, en;q=0.5, ru;q=0.4')).toBe('en')
    expect(await language('en;q=0.1, ru;q=0.9')).toBe('ru')
    expect(await language('EN-gb')).toBe('en')
    // Past an unsupported first choice, and a regional first choice is not passed over for a later exact one.
    expect(await language('de, ru;q=0.5')).toBe('ru')
    expect(await language('en-GB, ru')).toBe('en')
  })

  it('falls back to English for unsupported, refused or malformed headers', async () => {
    const language = (header: string) => getLanguage(request({ 'Accept-Language': header }))
    expect(await getLanguage(request({}))).toBe('en')
    expect(await language('*')).toBe('en')
    expect(await language('de, fr;q=0.8')).toBe('en')
    expect(await language('ru;q=0, de')).toBe('en')
    expect(await language(';;;,,q=abc')).toBe('en')
    expect(acceptedLanguages('ru;q=0, *, <script>, en-x-tall;q=0.5')).toEqual(['en'])
  })

  it('the language cookie wins over the header; a foreign or broken cookie is ignored; a URL does not switch', async () => {
    const cookie = (await localeCookie.serialize('ru')).split(';')[0]!
    expect(await getLanguage(request({ Cookie: cookie, 'Accept-Language': 'en' }))).toBe('ru')
    expect(await getLanguage(request({ Cookie: `lng=${Buffer.from('"de"').toString('base64')}`, 'Accept-Language': 'ru' }))).toBe('ru')
    expect(await getLanguage(request({ Cookie: 'lng=%%%not-base64', 'Accept-Language': 'ru' }))).toBe('ru')
    expect(await getLanguage(request({ 'Accept-Language': 'en' }, 'http://localhost/?lng=ru'))).toBe('en')
  })
})

describe('i18next over the web’s texts', () => {
  it('fills placeholders without escaping them (React escapes what it renders) and names a missing text by its key', () => {
    expect(serverT('en', 'users')('emptyQuery', { query: 'Tom & <Jerry>' })).toBe('No users found for “Tom & <Jerry>”.')
    expect(serverT('ru', 'users')('no.such.text')).toBe('no.such.text')
  })

  it('has no fallback language: a Russian page never says an English text', () => {
    expect(i18nConfig.fallbackLng).toBe(false)
  })

  it('useTranslation looks in the screen’s namespaces in order, and a `namespace:` prefix looks there', () => {
    const i18n = createInstance()
    void i18n.use(initReactI18next).init({
      ...i18nConfig,
      lng: 'en',
      initImmediate: false,
      resources: { en: { common: { title: 'Common', only: 'Only in common' }, users: { title: 'People' } } },
    })
    function Screen() {
      const { t } = useTranslation(['users', 'common'])
      return createElement('p', null, [t('title'), t('only'), t('common:title')].join('|'))
    }
    const html = renderToString(createElement(I18nextProvider, { i18n }, createElement(Screen)))
    expect(html).toBe('<p>People|Only in common|Common</p>')
  })

  it('a toast is a key of the toast namespace, or a text already translated (the API’s), shown as it is', () => {
    expect(toastInLanguage({ type: 'info', message: 'languageChanged' }, 'ru').message).toBe('Язык: русский')
    // A key of another namespace, in its plural form.
    expect(toastInLanguage({ type: 'success', message: 'report:sent', values: { count: 24 } }, 'ru').message).toContain('в течение 24 часов.')
    const api = 'Ошибка: {{id}} не найден. Повторите.'
    expect(toastInLanguage({ type: 'error', message: api, values: { id: 'x' } }, 'ru').message).toBe(api)
  })
})
