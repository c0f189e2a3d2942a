// The web's routes as the built server matches them (`npx remix build`), for tests that walk every route, so
// a route added later is covered without touching them; and the plain HTTP a browser speaks to it (one
// connection per request, a cookie jar).
import http from 'node:http'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { matchRoutes } from '@remix-run/react'

export interface BuiltRoute {
  id: string
  parentId?: string
  path?: string
  index?: boolean
  module: { loader?: unknown; action?: unknown; default?: unknown; ErrorBoundary?: unknown }
}

/** The build's route table. Its modules read the web env when loaded: set SESSION_SECRET before calling. */
export async function loadBuiltRoutes(): Promise<Record<string, BuiltRoute>> {
  const build = (await import(pathToFileURL(path.resolve('build/index.js')).href)) as { routes: Record<string, BuiltRoute> }
  return build.routes
}

/** A URL the server answers with one chain of routes: the deepest route of the chain is its leaf. */
export interface RouteUrl {
  /** `/event/:id/invite` (an index route answers its parent's URL). */
  pattern: string
  leaf: BuiltRoute
  /** The routes the URL matches, root first: their loaders (or the leaf's action) run for a request. */
  routeIds: string[]
  /** Remix's own test for a resource route (server-runtime): neither a component nor an error boundary. */
  isResource: boolean
}

type RouteTree = { id: string; path?: string; index?: boolean; children?: RouteTree[] }

export class RouteManifest {
  private readonly tree: RouteTree[]

  constructor(readonly routes: Record<string, BuiltRoute>) {
    this.tree = this.routeTree()
  }

  ancestry(id: string): BuiltRoute[] {
    const route = this.routes[id]
    if (!route) throw new Error(`unknown route ${id}`)
    return [...(route.parentId ? this.ancestry(route.parentId) : []), route]
  }

  urlPattern(id: string): string {
    const segments = this.ancestry(id).flatMap((route) => (route.path ?? '').split('/').filter(Boolean))
    return `/${segments.join('/')}`
  }

  /** Every URL of the app, sorted. Routes that share a URL (a layout and its index route) are one URL. */
  urls(): RouteUrl[] {
    const leaves = new Map<string, BuiltRoute>()
    for (const id of Object.keys(this.routes)) {
      const pattern = this.urlPattern(id)
      const current = leaves.get(pattern)
      if (!current || this.ancestry(id).length > this.ancestry(current.id).length) leaves.set(pattern, this.routes[id]!)
    }
    return [...leaves]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([pattern, leaf]) => ({
        pattern,
        leaf,
        routeIds: this.ancestry(leaf.id).map((route) => route.id),
        isResource: leaf.module.default == null && leaf.module.ErrorBoundary == null,
      }))
  }

  /** The leaf route React Router's own matching picks for a pathname. */
  matchedLeaf(pathname: string): string | undefined {
    return matchRoutes(this.tree as Parameters<typeof matchRoutes>[0], pathname)?.at(-1)?.route.id
  }

  /** The pathname of a pattern with its dynamic segments filled by `value` (`*` gets two segments, so that
   * it does not match a sibling `:param` route first); throws when the result reaches another route. */
  fill(url: RouteUrl, value: (param: string, segment: string) => string): string {
    const segments = url.pattern.split('/').map((segment, i, all) => {
      if (segment === '*') return 'no/such-page'
      if (!segment.startsWith(':')) return segment
      return value(`${all[i - 1]}/${segment}`, segment)
    })
    const pathname = segments.join('/') || '/'
    if (this.matchedLeaf(pathname) !== url.leaf.id) throw new Error(`${pathname} matches ${this.matchedLeaf(pathname)}, not ${url.leaf.id}`)
    return pathname
  }

  private routeTree(parentId?: string): RouteTree[] {
    return Object.values(this.routes)
      .filter((route) => route.parentId === parentId)
      .map((route) => ({
        id: route.id,
        path: route.path,
        index: route.index,
        ...(route.index ? {} : { children: this.routeTree(route.id) }),
      }))
  }
}

/** Real ids for a route's dynamic segments: the event (and the console's post editors), the console's place
 * editor (the event when none is given), a profile and the console's user editor. */
export interface RealIds {
  event: string
  place?: string
  user: string
  /** A collection's slug (the demo's for-kids unless given). */
  collection?: string
  /** A group's handle (the demo's belgrade_walkers unless given). */
  group?: string
}

/** A route's path with `ids` in its dynamic segments; throws on a segment it has no value for. */
export function realPath(manifest: RouteManifest, url: RouteUrl, ids: RealIds): string {
  return manifest.fill(url, (param, segment) => {
    if (param === 'profile/:id' || param === 'users/:id') return ids.user
    if (param === 'places/:id') return ids.place ?? ids.event
    if (segment === ':id') return ids.event
    if (segment === ':tab') return 'users'
    if (segment === ':link') return 'no-such-reset-link'
    if (segment === ':slug') return ids.collection ?? 'for-kids'
    if (segment === ':handle') return ids.group ?? 'belgrade_walkers'
    if (segment === ':month') return new Date().toISOString().slice(0, 7) // the month view of this month
    throw new Error(`${url.pattern}: no value for ${segment}; add one in realPath() (tests/support/route-manifest.ts)`)
  })
}

/** Remix 2.17 single fetch: `/users` → `/users.data`, `/` → `/_root.data` (singleFetchUrl, @remix-run/react). */
export function dataPath(pathname: string): string {
  return pathname === '/' ? '/_root.data' : `${pathname.replace(/\/$/, '')}.data`
}

/** A browser's cookies for the web's origin: each Set-Cookie replaces (or deletes) its cookie. */
export class CookieJar {
  private readonly cookies = new Map<string, string>()
  get(name: string): string | undefined {
    return this.cookies.get(name)
  }
  take(setCookies: string[]) {
    for (const setCookie of setCookies) {
      const [pair = '', ...attributes] = setCookie.split(';')
      const eq = pair.indexOf('=')
      const name = pair.slice(0, eq).trim()
      const value = pair.slice(eq + 1).trim()
      const expired = attributes.some((attribute) => {
        const [key = '', val = ''] = attribute.split('=').map((part) => part.trim().toLowerCase())
        return (key === 'max-age' && Number(val) <= 0) || (key === 'expires' && Date.parse(val) <= Date.now())
      })
      if (expired || value === '') this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  }
}

export interface RawResponse {
  status: number
  setCookies: string[]
  headers: http.IncomingHttpHeaders
  /** The first bytes of the body (enough to say what a failure was). */
  head: string
}

/**
 * One request on its own connection, closed by the client once the answer is read: a pooled socket that the
 * server closes after its 5-second keep-alive, just as the client reuses it, would fail the case for nothing
 * the app did. The request still says keep-alive, as browsers do: told "Connection: close", Node's server
 * closes the socket right after answering, and when it answers before reading a large body (a redirect, a
 * 404) the unread bytes make the kernel reset the connection, which can drop the answer on the client's side
 * (a reverse proxy's lingering close does not). The path is sent as given (raw bytes a script can send, not
 * what `fetch` would normalise).
 */
export function rawRequest(
  url: string,
  options: { method?: string; headers: Record<string, string>; body?: string | Buffer },
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const headers = { connection: 'keep-alive', ...options.headers }
    const req = http.request(url, { method: options.method ?? 'GET', headers, agent: false }, (res) => {
      let head = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => {
        if (head.length < 2_000) head += chunk
      })
      const answered = () => {
        resolve({ status: res.statusCode ?? 0, setCookies: res.headers['set-cookie'] ?? [], headers: res.headers, head })
        req.destroy()
      }
      res.on('end', answered)
      // Its status line is read: a connection closed early (below) still leaves this answer.
      res.on('error', answered)
      res.on('close', answered)
    })
    // The client's write of a large body may fail (EPIPE) while the answer is still being read: that answer
    // counts, not the failed write. Give it a moment before reporting the error (a settled promise ignores
    // the late reject).
    req.on('error', (error) => setTimeout(() => reject(error), 1_000))
    req.end(options.body)
  })
}

/** Runs `work` on every item, `width` at a time. */
export async function inBatches<T>(items: T[], width: number, work: (item: T) => Promise<void>) {
  const queue = [...items]
  await Promise.all(
    Array.from({ length: width }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item)
    }),
  )
}
