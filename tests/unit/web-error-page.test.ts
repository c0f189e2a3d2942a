// The 404 and 500 pages of the root error boundary render in en and ru (SPEC §8).
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { StaticRouter } from 'react-router-dom/server'
import { describe, expect, it } from 'vitest'
import { ErrorPage } from '../../app/components/error-page'
import { createInstance } from 'i18next'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { i18nConfig } from '../../app/i18n'
import { resources } from '../../app/locales/resources.server'

async function render(status: number, language: 'en' | 'ru', messageCode?: string, messageText?: string) {
  const i18n = createInstance()
  await i18n.use(initReactI18next).init({ ...i18nConfig, lng: language, resources, initImmediate: false })
  return renderToString(
    createElement(
      I18nextProvider,
      { i18n },
      createElement(StaticRouter, { location: '/' }, createElement(ErrorPage, { status, messageCode, messageText })),
    ),
  )
}

describe('ErrorPage', () => {
  it('a failed profile load says SPEC §8’s text in place of the generic one', async () => {
    expect(await render(503, 'ru', 'profileLoadFailed')).toContain('Ошибка получения профиля!')
    expect(await render(503, 'en', 'profileLoadFailed')).toContain('Could not load the profile!')
    expect(await render(503, 'en', 'profileLoadFailed')).not.toContain('temporarily unavailable')
  })

  it('a refusal whose text only the API has (decision 044) shows the API’s text; without one, the generic text', async () => {
    const apiText = 'Только организатор может это сделать.'
    expect(await render(403, 'ru', 'notOrganizer', apiText)).toContain(apiText)
    expect(await render(403, 'en', 'notOrganizer')).toContain('error 403')
    // A code the browser has wins over the text sent with it.
    expect(await render(400, 'en', 'invalidValue', 'Something else')).toContain('Invalid value')
  })

  it('404: the not-found text and a link home', async () => {
    const en = await render(404, 'en')
    expect(en).toContain('Sorry! the page you are looking for does not exist.')
    expect(en).toContain('href="/"')
    const ru = await render(404, 'ru')
    expect(ru).toContain('Извините! Страница, которую вы ищете, не существует.')
    expect(ru).toContain('На главную')
  })

  it('500: the maintenance message', async () => {
    expect(await render(500, 'en')).toContain('We are doing maintenance')
    expect(await render(503, 'en')).toContain('temporarily unavailable while we carry out maintenance')
    expect(await render(500, 'ru')).toContain('Идут технические работы')
  })

  it('other errors: a generic message with the status', async () => {
    expect(await render(405, 'en')).toContain('error 405')
  })
})
