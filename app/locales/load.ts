// The browser's texts: one chunk per language and namespace, which i18next loads on demand through
// i18next-resources-to-backend, so a page downloads only its own language and the namespaces of its routes. The
// server has every text (resources.server.ts) and never loads one. docs/decisions/034-remix-i18next.md
import i18next from 'i18next'
import resourcesToBackend from 'i18next-resources-to-backend'
import type { Language } from '#contract'
import type { I18nHandle, Namespace } from '~/i18n'

type Texts = { default: object }

// Spelled out, not a template import: the classic Remix compiler makes one chunk per module named here.
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
    fediverse: () => import('./en/fediverse'),
    embed: () => import('./en/embed'),
    groups: () => import('./en/groups'),
    eventDay: () => import('./en/eventDay'),
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
    fediverse: () => import('./ru/fediverse'),
    embed: () => import('./ru/embed'),
    groups: () => import('./ru/groups'),
    eventDay: () => import('./ru/eventDay'),
  },
}

/** Namespaces some route, the root or a screen asked for ahead of rendering (see `textsBackend`). */
const announced = new Set<string>()

/**
 * i18next's backend in the browser. A namespace nobody announced is one a screen uses without its route
 * declaring it: it works (the screen suspends until the chunk arrives) but costs a round trip after the data,
 * so it is reported, and tests/e2e/csp.spec.ts fails on the report.
 */
export const textsBackend = resourcesToBackend((language: string, namespace: string) => {
  if (!announced.has(namespace))
    console.warn(`[i18n] ${namespace} loaded late: add it to the route's handle.i18n or app/i18n.ts`)
  return chunks[language as Language][namespace as Namespace]()
})

/** Loads the namespaces of the page's language that are not loaded yet (before a screen needs them). */
export function loadTexts(namespaces: readonly Namespace[]): Promise<void> {
  for (const namespace of namespaces) announced.add(namespace)
  return i18next.isInitialized ? i18next.loadNamespaces([...namespaces]).then(() => undefined) : Promise.resolve()
}

/** Marks the namespaces that entry.client.tsx loads before hydrating. */
export function announceTexts(namespaces: readonly Namespace[]) {
  for (const namespace of namespaces) announced.add(namespace)
}

/**
 * A route's `handle` with the namespaces its screens use (remix-i18next reads `handle.i18n` on the server). In
 * the browser, the route's module is loaded while a client-side navigation waits for its data, so the texts
 * start loading then, alongside the data, instead of when the new page first renders and suspends for them.
 * (Before hydration i18next is not set up yet: entry.client.tsx loads the first page's namespaces itself.)
 */
export function routeTexts<Handle extends I18nHandle>(handle: Handle): Handle {
  if (typeof document !== 'undefined' && handle.i18n) void loadTexts(handle.i18n).catch(() => {})
  return handle
}
