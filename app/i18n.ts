// i18next's configuration for the server (app/i18n.server.ts, entry.server.tsx) and the browser
// (entry.client.tsx), and the namespaces of the web's texts: the server has them all
// (app/locales/resources.server.ts), the browser only its language's, of the page's routes (app/locales/load.ts).
// docs/decisions/034-remix-i18next.md
import type { InitOptions } from 'i18next'
import { LANGUAGES } from '#contract'

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
  'fediverse',
  'embed',
  'groups',
  'eventDay',
] as const
export type Namespace = (typeof NAMESPACES)[number]

/** What the root's own components (header, menus, toasts, guard and error pages) use on every page. */
export const ROOT_NAMESPACES: Namespace[] = ['common', 'validation', 'auth', 'events']

/**
 * What the root adds for a signed-in person (the bell): a visitor's pages (the sign-in screens among them) do
 * without. The server marks such a page `<html data-signed-in>`; after a sign-in without a reload, the
 * components that need these load them as they render (Suspense). The new event and place dialogs bring their
 * own texts (eventForm) with their code (form-dialog-link.tsx).
 */
export const SIGNED_IN_NAMESPACES: Namespace[] = ['notifications']

/** A route's `handle`: the namespaces its screens use beyond the root's (remix-i18next reads `handle.i18n`). */
export type I18nHandle = { i18n?: Namespace[] }

export const i18nConfig = {
  supportedLngs: [...LANGUAGES],
  // No fallback language: a browser loads only its own language, and a text missing in one language is a
  // mistake that tests/unit/web-i18n.test.ts and tests/web/texts-every-route.test.ts report, not English.
  fallbackLng: false,
  load: 'currentOnly',
  defaultNS: 'common',
  ns: ROOT_NAMESPACES,
  // React escapes what it renders; escaping here too would show `&amp;` in titles and attributes.
  interpolation: { escapeValue: false },
  // `useTranslation(['events', 'common'])` looks for a key in each namespace in order (the screens' habit).
  react: { nsMode: 'fallback' },
} satisfies InitOptions

