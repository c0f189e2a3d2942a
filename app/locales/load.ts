// The browser's texts: one chunk per language and namespace, loaded on demand (i18next backend), so a page
// downloads only its own language and the namespaces of its routes (issue "Light and finished"). The
// server renders with every text bundled (resources.server.ts).
import type { BackendModule, ReadCallback } from 'i18next'
import type { Language } from '#contract'
import type { Namespace } from '~/i18n'

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

/** i18next's backend for the browser: a namespace of a language is a dynamic import. */
export const chunkBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = chunks[language as Language]?.[namespace as Namespace]
    if (!load) return callback(new Error(`no texts for ${language}/${namespace}`), false)
    load().then(
      (texts) => callback(null, texts.default as never),
      (error: unknown) => callback(error as Error, false),
    )
  },
}
