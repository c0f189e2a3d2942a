// i18next setup shared by the server (remix-i18next, every text bundled: app/locales/resources.server.ts) and
// the browser (only its language, and only the namespaces of the page's routes: app/locales/load.ts).
import { DEFAULT_LANGUAGE, LANGUAGES } from '#contract'

/** The namespaces of the web (one per screen family; `validation` is contract/messages.ts). */
export const NAMESPACES = [
  'common',
  'toast',
  'static',
  'validation',
  'auth',
  'settings',
  'events',
  'eventList',
  'eventPage',
  'eventForm',
  'notifications',
  'profile',
  'users',
  'moderation',
  'report',
] as const
export type Namespace = (typeof NAMESPACES)[number]

/** What the root's own components (header, menus, bell, toasts, error page) use on every page. */
export const ROOT_NAMESPACES: Namespace[] = ['common', 'toast', 'validation', 'auth', 'events', 'eventForm', 'notifications']

/** A route's `handle`: the namespaces its screens use beyond the root's, loaded before it renders. */
export type I18nHandle = { i18n?: Namespace[] }


export default {
  supportedLngs: [...LANGUAGES],
  fallbackLng: DEFAULT_LANGUAGE,
  defaultNS: 'common',
  ns: [...NAMESPACES],
  interpolation: { escapeValue: false },
}
