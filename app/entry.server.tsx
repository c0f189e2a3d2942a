import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { isRouteErrorResponse } from '@remix-run/react'
import { PassThrough } from 'node:stream'
import { createReadableStreamFromReadable, type AppLoadContext, type EntryContext } from '@remix-run/node'
import { RemixServer } from '@remix-run/react'
import { createInstance, type i18n as I18n } from 'i18next'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import i18n from './i18n'
import { resources } from './locales/resources.server'
import { setServerTextLookup } from './utils/meta-text'
import { getLanguage } from './i18next.server'
import { NonceProvider } from './utils/nonce'
import type { Language } from '#contract'

// server.mjs runs every request through this: one API client per request, its session cookie set once.
export { handleWithApiSession } from './utils/api.server'
// …and through a build whose loaders and actions turn an unhandled API refusal into a 4xx page.
export { withApiRefusalsAsResponses } from './utils/api-refusals.server'
// …and sends every response with this policy, the nonce made per request (docs/decisions/021).
export { contentSecurityPolicy } from './utils/csp.server'

/**
 * One i18next instance per language, made once at start (every resource is bundled, so `init` is
 * synchronous): a server render never changes an instance's language, so requests share them (a fresh
 * instance per request cost ~10% of the home page's render time in `BENCH_PROFILE=1 npm run bench`). Route
 * meta functions translate with the same instances.
 */
const instances = new Map<Language, I18n>()
for (const language of Object.keys(resources) as Language[]) {
  const instance = createInstance()
  void instance.use(initReactI18next).init({ ...i18n, lng: language, resources, initImmediate: false })
  instances.set(language, instance)
}
const i18nFor = (language: Language): I18n => instances.get(language) ?? instances.get('en')!
setServerTextLookup((language, namespace, key, options) => i18nFor(language).getFixedT(language, namespace)(key, options) as string)

export const streamTimeout = 5_000

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // server.mjs makes one per request and sends it in the Content-Security-Policy header.
  const nonce = typeof loadContext.cspNonce === 'string' ? loadContext.cspNonce : ''
  const instance = i18nFor(await getLanguage(request))

  // Crawlers and link previews get the whole document at once; people get it streamed.
  const readyEvent = isbot(request.headers.get('user-agent')) ? 'onAllReady' : 'onShellReady'

  return new Promise((resolve, reject) => {
    let shellRendered = false
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <I18nextProvider i18n={instance}>
          <RemixServer context={remixContext} url={request.url} abortDelay={streamTimeout} nonce={nonce} />
        </I18nextProvider>
      </NonceProvider>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true
          const body = new PassThrough()
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          )
          pipe(body)
        },
        onShellError(error: unknown) {
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          // Errors after the shell are already handled by the error boundary; log the rest.
          if (shellRendered) console.error(error)
        },
      },
    )
    setTimeout(abort, streamTimeout + 1_000)
  })
}

/**
 * Errors of loaders and actions. Thrown responses (guards: 401/403 screens, 404s) are expected outcomes,
 * not failures, and an aborted request is the browser going away: only real errors are logged.
 */
export function handleError(error: unknown, { request }: LoaderFunctionArgs | ActionFunctionArgs) {
  if (request.signal.aborted || isRouteErrorResponse(error)) return
  console.error(error)
}
