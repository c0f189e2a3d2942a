import { data, redirect, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from '@remix-run/react'
import { useEffect, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { DEFAULT_LANGUAGE, languageOr } from '#contract'
import { ErrorPage, errorKind } from './components/error-page'
import type { RootData } from './utils/root-data'
import { LiveNotifications } from './features/layout/signed-in'
import { lazyComponent } from './components/ui/lazy-component'
import { Footer } from './components/layout/footer'
import { Header } from './features/layout/header'
import { todayInZone } from './features/events/format'
import { rootShouldRevalidate } from './features/events/revalidation'
import { getInstallBanner } from './utils/layout.server'
import { Toaster } from './components/toaster'
import { useHydrated } from './components/ui/use-hydrated'
import { metaText } from './utils/meta-text'
import { ROOT_NAMESPACES, type I18nHandle } from './i18n'
import stylesheet from './tailwind.css'
import { getApi } from './utils/api.server'
import { getAppVersion } from './utils/app-version.server'
import { getOptionalUser, type GuardData } from './utils/auth.server'
import { getEnv, getPublicEnv } from './utils/env.server'
import { getLatestNotifications } from './utils/notifications.server'
import { combineHeaders, getToast, toastInLanguage } from './utils/toast.server'
import { useNonce } from './utils/nonce'

// Parts few pages show, each in its own chunk (decision 054): the mobile install banner (phones that have not
// closed it) and the screen that asks a visitor to sign in.
const InstallBanner = lazyComponent(() => import('./components/layout/install-banner'), 'InstallBanner')
const GuardScreen = lazyComponent(() => import('./components/guard-screen'), 'GuardScreen')
import { START_SCRIPTS_AFTER_PAINT } from './utils/scripts-after-paint'

export const shouldRevalidate = rootShouldRevalidate

/** The texts of the header, menus, toasts, guard and error pages, on every page (remix-i18next's `handle.i18n`). */
export const handle: I18nHandle = { i18n: ROOT_NAMESPACES }

export const links: LinksFunction = () => [
  // Leaflet's stylesheet is not here: it comes with the map's chunk (components/map/event-map.tsx), so it
  // does not hold up the first paint of every page.
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
]

export const meta: MetaFunction<typeof loader> = ({ data, error }) => {
  if (!error)
    return [
      { title: 'Nearby' },
      { name: 'description', content: metaText(data?.locale ?? DEFAULT_LANGUAGE, 'common', 'tagline') },
    ]
  // The title the page's heading shows: a refusal (4xx) is no "maintenance".
  const kind = errorKind(isRouteErrorResponse(error) ? error.status : 500)
  const title = metaText(data?.locale ?? DEFAULT_LANGUAGE, 'common', `errors.${kind}Title`)
  return [{ title: `${title} · Nearby` }]
}

/** The pages an account waiting for deletion may still open. */
const PENDING_DELETION_PATHS = [
  '/account/deletion',
  '/auth/logout',
  '/resources/locale',
  '/docs/deleteAccount',
  '/privacy-policy',
  '/terms-of-use',
  '/child-safety',
]

export async function loader({ request }: LoaderFunctionArgs) {
  const api = await getApi(request)
  const [user, notifications, appVersion, { toast, headers: toastHeaders }] = await Promise.all([
    getOptionalUser(api),
    getLatestNotifications(api),
    getAppVersion(api),
    getToast(request),
  ])
  const url = new URL(request.url)
  // An account waiting for deletion may only cancel it (or sign out, or read the legal pages).
  if (user?.deletionRequestedAt && !PENDING_DELETION_PATHS.some((path) => url.pathname === path))
    throw redirect('/account/deletion')
  const rootData: RootData = {
    locale: api.language,
    user,
    notifications: user?.isActivated ? notifications : null,
    appVersion,
    toast: toast && toastInLanguage(toast, api.language),
    installBanner: getInstallBanner(request, appVersion),
    today: todayInZone(getEnv().TIME_ZONE),
    ENV: getPublicEnv(),
    requestInfo: { origin: url.origin, path: url.pathname, search: url.search },
  }
  return data(
    rootData,
    { headers: combineHeaders(toastHeaders) },
  )
}

export type RootLoaderData = Awaited<ReturnType<typeof loader>>['data']

/**
 * Route modules export `handle = { hydrate: false }` to ship no JavaScript at all (static pages). Once the
 * app runs (a client-side navigation to such a page), the scripts stay: removing them would change nothing.
 */
function useShipsScripts() {
  const hydrated = useHydrated()
  // Marks the page once every component has left its no-JavaScript fallback (useHydrated flips them all in
  // one render): what a test waits for before it uses what only the app does.
  useEffect(() => {
    if (hydrated) document.documentElement.setAttribute('data-hydrated', '')
  }, [hydrated])
  const noScripts = useMatches().some(
    (match) => (match.handle as { hydrate?: boolean } | undefined)?.hydrate === false,
  )
  return hydrated || !noScripts
}

/**
 * Before any module builds a schema: zod 4 would probe `new Function` to compile fast object parsers, and under our
 * CSP (no 'unsafe-eval') the caught probe still reports a violation on every page with a form. zod reads its
 * settings from this global when it loads (`z.config({ jitless: true })` would come too late in a route chunk).
 */
const ZOD_WITHOUT_EVAL = 'globalThis.__zod_globalConfig={jitless:true}'

export function Layout({ children }: { children: ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>('root')
  const { i18n } = useTranslation()
  // Without root data (the root loader failed): the language the page is rendered in.
  const locale = rootData?.locale ?? languageOr(i18n.language)
  const shipsScripts = useShipsScripts()
  const nonce = useNonce()
  return (
    // data-signed-in: the browser loads the signed-in header's texts before hydrating (SIGNED_IN_NAMESPACES).
    <html lang={locale} dir="ltr" className="h-full" data-signed-in={rootData?.user ? '' : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* Photos and avatars come from the API's origin: its connection opens while the page still loads. */}
        {rootData?.ENV.PUBLIC_API_URL ? <link rel="preconnect" href={rootData.ENV.PUBLIC_API_URL} /> : null}
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-full flex-col">
        {children}
        {shipsScripts ? (
          <>
            <script
              nonce={nonce}
              // The whitelisted public env (env.server.ts) for browser code.
              dangerouslySetInnerHTML={{ __html: `window.ENV = ${JSON.stringify(rootData?.ENV ?? {})};${ZOD_WITHOUT_EVAL}` }}
            />
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
            <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: START_SCRIPTS_AFTER_PAINT }} />
          </>
        ) : null}
      </body>
    </html>
  )
}

function AppShell({ children }: { children: ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>('root')
  const { i18n } = useTranslation()
  return (
    <>
      <Header
        user={rootData?.user ?? null}
        locale={rootData?.locale ?? languageOr(i18n.language)}
        today={rootData?.today ?? todayInZone(rootData?.ENV.TIME_ZONE ?? 'UTC')}
        origin={rootData?.requestInfo.origin ?? ''}
        notifications={rootData?.notifications ?? null}
        timeZone={rootData?.ENV.TIME_ZONE ?? 'UTC'}
      />
      {rootData?.installBanner ? <InstallBanner banner={rootData.installBanner} /> : null}
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto w-full max-w-7xl flex-1 px-3 py-4 focus:outline-none sm:px-6"
      >
        {children}
      </main>
      <Footer appVersion={rootData?.appVersion ?? null} supportUrl={rootData?.ENV.SUPPORT_URL ?? null} />
      <Toaster toast={rootData?.toast ?? null} />
    </>
  )
}

export default function App() {
  const rootData = useRouteLoaderData<typeof loader>('root')
  return (
    <AppShell>
      {rootData?.notifications ? <LiveNotifications /> : null}
      <Outlet />
    </AppShell>
  )
}

export function ErrorBoundary() {
  const error = useRouteError()
  let content: ReactNode
  if (isRouteErrorResponse(error) && (error.status === 401 || error.status === 403) && error.data?.guard) {
    content = <GuardScreen {...(error.data as GuardData)} />
  } else if (isRouteErrorResponse(error) && error.status === 404) {
    content = <ErrorPage status={404} />
  } else {
    if (!isRouteErrorResponse(error)) console.error(error)
    const said = isRouteErrorResponse(error) ? (error.data as { message?: unknown; text?: unknown } | null) : null
    const messageCode = typeof said?.message === 'string' ? said.message : undefined
    const messageText = typeof said?.text === 'string' ? said.text : undefined
    content = <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} messageCode={messageCode} messageText={messageText} />
  }
  return <AppShell>{content}</AppShell>
}
