import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { isRouteErrorResponse } from '@remix-run/react'
import { createReadableStreamFromReadable, type AppLoadContext, type EntryContext } from '@remix-run/node'
import { RemixServer } from '@remix-run/react'
import { renderToPipeableStream } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { getLanguage, pageI18n } from './i18n.server'
import { NonceProvider } from './utils/nonce'
import type { RootData } from './utils/root-data'
import { PageStream } from './utils/page-stream.server'

// server.mjs runs every request through this: one API client per request, its session cookie set once.
export { handleWithApiSession } from './utils/api.server'
// …and through a build whose loaders and actions turn an unhandled API refusal into a 4xx page.
export { withApiRefusalsAsResponses } from './utils/api-refusals.server'
// …and sends every response with this policy, the nonce made per request (docs/decisions/021).
export { contentSecurityPolicy, embedContentSecurityPolicy, isEmbedPath } from './utils/csp.server'
// …and keeps the pages every visitor without a session sees alike, by this key (docs/decisions/054).
export { sharedPageKey } from './utils/shared-pages.server'

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
  // The page in the reader's language (remix-i18next's detection), with every text at hand: the browser loads
  // the namespaces of the matched routes' `handle.i18n` before hydrating (entry.client.tsx).
  const i18n = pageI18n(await getLanguage(request))
  // A page made without the API's store links (it could not be asked) is not one to keep (server/page-cache.mjs).
  const root = remixContext.staticHandlerContext.loaderData.root as Pick<RootData, 'appVersion'> | undefined
  if (root && root.appVersion === null) responseHeaders.set('Cache-Control', 'no-store')

  // Everyone gets the whole document at once, as crawlers did: Remix has run the loaders before this renders,
  // so only the data's inline scripts came after the shell, a few event-loop turns later. Sent whole, a page
  // is compressed in one piece (server/send-response.mjs) instead of through a compressor stream with a flush
  // per part, which cost up to 3 ms of CPU per page under load (docs/decisions/036).
  return new Promise((resolve, reject) => {
    /** The page's stream, once everything in it is rendered. */
    let body: PageStream | undefined
    const abortTimer = setTimeout(() => abort(), streamTimeout + 1_000)
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <I18nextProvider i18n={i18n}>
          <RemixServer context={remixContext} url={request.url} abortDelay={streamTimeout} nonce={nonce} />
        </I18nextProvider>
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          body = new PageStream()
          // The abort below is for a render that never ends; one that ends must not keep its state alive.
          body.once('close', () => clearTimeout(abortTimer))
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
          clearTimeout(abortTimer)
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          // Errors before the shell are handled by the error boundary; a page whose reader went away (the
          // browser left mid-page: "The destination stream closed early") is no failure. Log the rest.
          if (body && !body.destroyed) console.error(error)
        },
      },
    )
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
