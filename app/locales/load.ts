// The browser's texts: one chunk per language and namespace, loaded on demand, so a page downloads only its
// own language and the namespaces of its routes (issue "Light and finished"). The server has every text
// (resources.server.ts) and never loads one.
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '#contract'
import type { I18nHandle, Namespace } from '~/i18n'
import { addTexts, hasTexts } from '~/utils/translate'

type Texts = { default: object }

const chunks: Record<Language, Record<Namespace, () => Promise<Texts>>> = {
  en: {
    common: () => import('./en/common'),
    toast: () => import('./en/toast'),
    static: () => import('./en/static'),
    validation: () => import('../../contract/messages-en'),
    auth: () => import('./en/auth'),
    settings: () => import('./en/settings'),
    events: () => import('./en/events'),
    eventList: () => import('./en/eventList'),
    eventPage: () => import('./en/eventPage'),
    eventForm: () => import('./en/eventForm'),
    notifications: () => import('./en/notifications'),
    profile: () => import('./en/profile'),
    users: () => import('./en/users'),
    moderation: () => import('./en/moderation'),
    report: () => import('./en/report'),
  },
  ru: {
    common: () => import('./ru/common'),
    toast: () => import('./ru/toast'),
    static: () => import('./ru/static'),
    validation: () => import('../../contract/messages-ru'),
    auth: () => import('./ru/auth'),
    settings: () => import('./ru/settings'),
    events: () => import('./ru/events'),
    eventList: () => import('./ru/eventList'),
    eventPage: () => import('./ru/eventPage'),
    eventForm: () => import('./ru/eventForm'),
    notifications: () => import('./ru/notifications'),
    profile: () => import('./ru/profile'),
    users: () => import('./ru/users'),
    moderation: () => import('./ru/moderation'),
    report: () => import('./ru/report'),
  },
}

/** One load per language and namespace, however many screens ask for it at once. */
const loading = new Map<string, Promise<void>>()

/** Loads the namespaces of `language` that are not loaded yet; resolves when all are in. */
export function loadTexts(language: Language, namespaces: readonly Namespace[]): Promise<void> {
  return Promise.all(
    namespaces
      .filter((namespace) => !hasTexts(language, namespace))
      .map((namespace) => {
        const id = `${language}/${namespace}`
        let load = loading.get(id)
        if (!load) {
          load = chunks[language][namespace]().then(
            (texts) => addTexts(language, namespace, texts.default),
            (error: unknown) => {
              loading.delete(id) // a failed chunk (offline) is tried again by the next render
              throw error
            },
          )
          loading.set(id, load)
        }
        return load
      }),
  ).then(() => undefined)
}

/** Whether some screen has started loading the namespace (it may still be on its way). */
export function isLoadingTexts(language: Language, namespace: Namespace): boolean {
  return loading.has(`${language}/${namespace}`)
}

/** The page's language in the browser: the server's `<html lang>` (the language switch reloads the document). */
export function documentLanguage(): Language {
  const lang = document.documentElement.lang
  return (LANGUAGES as readonly string[]).includes(lang) ? (lang as Language) : DEFAULT_LANGUAGE
}

/**
 * A route's `handle` with the namespaces its screens use. In the browser, the route's module is loaded while a
 * client-side navigation waits for its data, so the texts start loading then, alongside the data, instead of
 * when the new page first renders and suspends for them.
 */
export function routeTexts<Handle extends I18nHandle>(handle: Handle): Handle {
  if (typeof document !== 'undefined' && handle.i18n) void loadTexts(documentLanguage(), handle.i18n).catch(() => {})
  return handle
}
