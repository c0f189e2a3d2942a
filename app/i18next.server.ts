import { createCookie } from '@remix-run/node'
import { RemixI18Next } from 'remix-i18next/server'
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '#contract'
import i18n from './i18n'
import { resources } from './locales/resources.server'
import { cookiesAreSecure } from './utils/env.server'

/** The chosen language; remembered for a year. */
export const localeCookie = createCookie('lng', {
  path: '/',
  sameSite: 'lax',
  httpOnly: true,
  secure: cookiesAreSecure(),
  maxAge: 60 * 60 * 24 * 365,
})

const i18next = new RemixI18Next({
  detection: {
    supportedLanguages: [...LANGUAGES],
    fallbackLanguage: DEFAULT_LANGUAGE,
    cookie: localeCookie,
    order: ['cookie', 'header'],
  },
  i18next: { ...i18n, resources },
})

export default i18next

export async function getLanguage(request: Request): Promise<Language> {
  const locale = await i18next.getLocale(request)
  return (LANGUAGES as readonly string[]).includes(locale) ? (locale as Language) : DEFAULT_LANGUAGE
}
