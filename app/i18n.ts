// The namespaces of the web's texts (app/utils/translate.ts): the server has them all
// (app/locales/resources.server.ts), the browser only its language's, of the page's routes (app/locales/load.ts).

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

/** What the root's own components (header, menus, toasts, guard and error pages) use on every page. */
export const ROOT_NAMESPACES: Namespace[] = ['common', 'validation', 'auth', 'events']

/**
 * What the root adds for a signed-in person (the bell, the menu's new event and place): a visitor's pages
 * (the sign-in screens among them) do without. The server marks such a page `<html data-signed-in>`; after a
 * sign-in without a reload, the components that need these load them as they render (Suspense).
 */
export const SIGNED_IN_NAMESPACES: Namespace[] = ['notifications', 'eventForm']

/** A route's `handle`: the namespaces its screens use beyond the root's, loaded before it renders. */
export type I18nHandle = { i18n?: Namespace[] }

