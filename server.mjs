// The web server: Remix's Express adapter, plus what remix-serve cannot do (docs/decisions/001-web-server.md):
// - refuses cross-site form posts (Sec-Fetch-Site, falling back to Origin) for every non-GET request;
// - passes the real client IP to the API client (x-client-ip, always overwritten here), so API rate limits
//   count people rather than this server;
// - sets baseline security headers (a Content-Security-Policy with a nonce per response among them) and long
//   cache headers for fingerprinted assets.
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import url from 'node:url'
// The adapter's own request/response conversions (its index exports only createRequestHandler, which gives no
// hook between Remix's answer and sending it; Remix v2 is final, so these stay as they are).
import remixExpress from '@remix-run/express/dist/server.js'
import { broadcastDevReady, createRequestHandler } from '@remix-run/node'
import express from 'express'
import { createPageCache, sendCachedPage } from './server/page-cache.mjs'
import { sendResponse } from './server/send-response.mjs'

const MODE = process.env.NODE_ENV ?? 'production'
const PORT = Number(process.env.PORT ?? 3000)
const HOST = process.env.HOST ?? '0.0.0.0'
const BUILD_PATH = path.resolve('build/index.js')
/** Google's sign-in redirect posts here from accounts.google.com; the route checks Google's own CSRF cookie. */
const CROSS_SITE_POST_ALLOWED = new Set(['/auth/google'])

let build = await import(url.pathToFileURL(BUILD_PATH).href)

const app = express()
app.disable('x-powered-by')
app.set('trust proxy', process.env.TRUST_PROXY ?? 'loopback')

// Behind https, browsers are told to use nothing else for a year (the API sends the same).
const HSTS = (process.env.WEB_URL ?? '').startsWith('https://') ? 'max-age=31536000; includeSubDomains' : null
// Which of several web instances answered (INSTANCE_ID, as the API's): the cluster's tests read it.
const INSTANCE_ID = /^[\w.-]{1,40}$/.test(process.env.INSTANCE_ID ?? '') ? process.env.INSTANCE_ID : null

app.use((req, res, next) => {
  if (HSTS) res.set('Strict-Transport-Security', HSTS)
  if (INSTANCE_ID) res.set('X-Nearby-Instance', INSTANCE_ID)
  // A fresh nonce per response: the page's inline scripts carry it (app/utils/csp.server.ts, decision 021).
  // Build assets are scripts and styles, not documents: the policy would only add bytes to each of them.
  // The embeddable programme is the one page other sites may frame (decision 043): a policy of its own, and no
  // X-Frame-Options, which cannot say "anyone".
  const embed = build.entry.module.isEmbedPath(req.path)
  if (embed) res.set('Content-Security-Policy', build.entry.module.embedContentSecurityPolicy())
  else if (!req.path.startsWith('/build/')) {
    res.locals.cspNonce = crypto.randomBytes(16).toString('base64')
    res.set('Content-Security-Policy', build.entry.module.contentSecurityPolicy(res.locals.cspNonce))
  }
  if (!embed) res.set('X-Frame-Options', 'DENY')
  res.set({
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
    // The camera for this site's own pages (never a frame's): the door page scans participants' QR codes (issue 45),
    // and reached by a client-side navigation it runs under the policy of the page the app started on.
    'Permissions-Policy': 'camera=(self), microphone=(), geolocation=(self)',
  })
  next()
})

// In a terminal (LOG_FORMAT auto on a TTY, or pretty), one short line per page or data request, like the API's.
const LOG_FORMAT = process.env.LOG_FORMAT ?? 'auto'
if (LOG_FORMAT === 'pretty' || (LOG_FORMAT === 'auto' && process.stdout.isTTY)) {
  app.use((req, res, next) => {
    const start = performance.now()
    res.on('finish', () => {
      if (req.path.startsWith('/build/')) return
      const time = new Date().toTimeString().slice(0, 8)
      console.log(`${time}  web ${req.method} ${req.originalUrl} → ${res.statusCode}  ${Math.round(performance.now() - start)} ms`)
    })
    next()
  })
}

// Fingerprinted build assets are immutable; other public files may change between releases. `npm run build`
// leaves a brotli and a gzip copy beside each script and style (scripts/precompress.mjs): they are sent as
// they are, so no asset is compressed per request (docs/decisions/023-precompressed-assets.md).
app.use('/build', sendPrecompressed('public/build'))
app.use('/build', express.static('public/build', { immutable: true, maxAge: '1y' }))
// The few files at the top of public/ (the icon, the service worker) are served by name: a file-system lookup
// on every page request cost 8 % of the web's CPU (issue 14's profile). The list is read once at start.
const PUBLIC_FILES = new Set(
  fs
    .readdirSync('public', { withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => `/${entry.name}`),
)
const publicFiles = express.static('public', { maxAge: '1h' })
app.use((req, res, next) => (PUBLIC_FILES.has(req.path) ? publicFiles(req, res, next) : next()))

// ActivityPub (docs/decisions/039-federation.md): handles, actors, inboxes and NodeInfo live at this origin and are
// answered by the API, byte for byte (HTTP signatures cover the path and the body). An ActivityPub client asking
// for a profile, an event or a place page, or a city's list, is sent to the actor or object it shows.
const API_BASE = (process.env.API_URL ?? 'http://localhost:4000').replace(/\/+$/, '')
const FEDERATION_PATH = /^\/(?:\.well-known\/(?:webfinger|nodeinfo)$|nodeinfo\/2\.1$|ap\/)/
const AP_ACCEPT = /application\/(?:activity\+json|ld\+json)/i
// Hop-by-hop headers, and what the API's ActivityPub paths never read (the reader's cookies and session).
const HOP_HEADERS = new Set(['host', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'content-encoding', 'upgrade', 'expect', 'te', 'trailer', 'proxy-authorization', 'cookie', 'authorization', 'x-client-ip'])
app.use(async (req, res, next) => {
  let target = FEDERATION_PATH.test(req.path) ? req.originalUrl : null
  const negotiated = req.path === '/' || /^\/(profile|event)\/[0-9a-f-]{36}$/i.test(req.path)
  // These pages answer ActivityPub clients differently: caches must keep the two apart.
  if (negotiated) res.vary('Accept')
  if (!target && negotiated && req.method === 'GET' && AP_ACCEPT.test(req.get('accept') ?? '') && !/text\/html/i.test(req.get('accept') ?? '')) {
    const page = /^\/(profile|event)\/([0-9a-f-]{36})$/i.exec(req.path)
    // The actor's or object's own address (the API's /ap/posts and /ap/cities redirect on to it).
    if (page) return res.redirect(302, page[1] === 'profile' ? `/ap/actors/user-${page[2].toLowerCase()}` : `/ap/posts/${page[2].toLowerCase()}`)
    if (req.path === '/') target = `/ap/cities?${new URLSearchParams({ city: String(req.query.city ?? ''), country: String(req.query.country ?? '') })}`
  }
  if (!target) return next()
  try {
    const headers = new Headers()
    for (const [name, value] of Object.entries(req.headers))
      if (!HOP_HEADERS.has(name) && typeof value === 'string') headers.set(name, value)
    headers.set('x-forwarded-for', req.ip ?? '')
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD'
    const answer = await fetch(API_BASE + target, { method: req.method, headers, body: hasBody ? req : undefined, duplex: 'half', redirect: 'manual' })
    res.status(answer.status)
    answer.headers.forEach((value, name) => {
      if (!HOP_HEADERS.has(name)) res.set(name, value)
    })
    // Nothing here is a page of ours: no page security policy on these JSON answers.
    res.removeHeader('Content-Security-Policy')
    res.send(Buffer.from(await answer.arrayBuffer()))
  } catch (error) {
    next(error)
  }
})

app.use((req, res, next) => {
  if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return next()
  if (isCrossSite(req) && !CROSS_SITE_POST_ALLOWED.has(req.path)) {
    res.status(403).type('text/plain').send('Cross-site form submissions are not allowed.')
    return
  }
  next()
})

app.use((req, res, next) => {
  req.headers['x-client-ip'] = req.ip ?? ''
  next()
})

// The balancer's check (deploy/nginx, docs/production.md "Health checks"): 503 once the process is stopping.
let stopping = false
app.get('/healthz', (_req, res) => {
  res.set('Cache-Control', 'no-store')
  res.status(stopping ? 503 : 200).json({ status: stopping ? 'stopping' : 'ok' })
})

// Remix's handler with one API client per request: the app's handleWithApiSession runs every loader, action
// and resource route of the request with one client and writes the session cookie once, on the response
// (app/utils/api.server.ts, docs/decisions/012-one-api-client-per-request.md).
const { createRemixRequest } = remixExpress
/** Remix's handler for a build, every loader and action behind the app's net for API refusals (4xx, not 500). */
const handlerFor = (serverBuild) => createRequestHandler(serverBuild.entry.module.withApiRefusalsAsResponses(serverBuild), MODE)
let remixHandler = handlerFor(build)
// The pages every visitor without a session sees alike, rendered once per key (docs/decisions/054).
let pageCache = createPageCache()
app.all('*', async (req, res, next) => {
  try {
    const query = req.originalUrl.indexOf('?')
    const sharedKey = await build.entry.module.sharedPageKey({
      method: req.method,
      path: req.path,
      search: query === -1 ? '' : req.originalUrl.slice(query),
      origin: `${req.protocol}://${req.get('host')}`,
      cookie: req.get('cookie'),
      acceptLanguage: req.get('accept-language'),
      userAgent: req.get('user-agent'),
    })
    const kept = sharedKey ? pageCache.get(sharedKey) : null
    if (kept) return sendCachedPage(req, res, kept, 'HIT')
    const request = createRemixRequest(req, res)
    const response = await build.entry.module.handleWithApiSession(() => remixHandler(request, { cspNonce: res.locals.cspNonce }))
    const rendered = sharedKey && req.method === 'GET' ? await pageCache.put(sharedKey, response) : null
    if (rendered) return sendCachedPage(req, res, rendered, 'MISS')
    await sendResponse(req, res, response)
  } catch (error) {
    next(error)
  }
})

const server = app.listen(PORT, HOST, () => {
  console.log(`Nearby web listening on http://localhost:${PORT}`)
  if (MODE === 'development') broadcastDevReady(build)
})

if (MODE === 'development') {
  // Reload the server build when `remix dev` rebuilds it.
  fs.watchFile(BUILD_PATH, { interval: 300 }, async () => {
    build = await import(`${url.pathToFileURL(BUILD_PATH).href}?t=${Date.now()}`)
    remixHandler = handlerFor(build)
    pageCache = createPageCache()
    broadcastDevReady(build)
  })
}

// Graceful stop: no new connections, requests in flight finish (idle keep-alive connections are closed so
// the balancer moves on), then exit; 10 s at most.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    stopping = true
    server.close(() => process.exit(0))
    server.closeIdleConnections()
    setTimeout(() => process.exit(0), 10_000).unref()
  })
}

/** @param {import('express').Request} req */
function isCrossSite(req) {
  const site = req.get('sec-fetch-site')
  if (site) return site !== 'same-origin' && site !== 'none'
  const origin = req.get('origin')
  if (!origin) return false // not a browser form post from another site (curl, the tests' API calls)
  return origin !== `${req.protocol}://${req.get('host')}`
}

/**
 * Serves `<file>.br` or `<file>.gz` for a request of `<file>` when the client accepts that encoding and the
 * copy exists, with the original's type. Which copies exist is read from disk once per build directory state
 * (a Set of names), not stat'ed per request; `remix dev` rebuilds without copies, so this serves nothing there.
 * @param {string} root
 */
function sendPrecompressed(root) {
  /** @type {[string, string][]} */
  const ENCODINGS = [
    ['br', '.br'],
    ['gzip', '.gz'],
  ]
  /** @type {Set<string>} */
  let copies = new Set()
  const index = () => {
    copies = new Set(
      fs.existsSync(root)
        ? fs.readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((name) => /\.(br|gz)$/.test(name)).map((name) => `/${name.split(path.sep).join('/')}`)
        : [],
    )
  }
  index()
  if (MODE === 'development') fs.watchFile(BUILD_PATH, { interval: 300 }, index)
  /** @type {import('express').RequestHandler} */
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next()
    res.vary('Accept-Encoding')
    // Ours, not the client's, order of preference: brotli is smaller (negotiation would take the header's order).
    const [accepted, suffix] = ENCODINGS.find(([encoding, suffix]) => req.acceptsEncodings(encoding) === encoding && copies.has(`${req.path}${suffix}`)) ?? []
    if (!accepted) return next()
    res.type(path.extname(req.path)).set('Content-Encoding', accepted)
    res.sendFile(`${req.path}${suffix}`, { root, immutable: true, maxAge: '1y' }, (error) => {
      if (error && !res.headersSent) next()
    })
  }
}
