// The browser's texts: one chunk per language and namespace, loaded on demand, so a page downloads only its
// own language and the namespaces of its routes (issue "Light and finished"). The server has every text
// (resources.server.ts) and never loads one.
import type { Language } from '#contract'
import type { Namespace } from '~/i18n'
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
