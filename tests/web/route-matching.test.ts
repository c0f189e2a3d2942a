// The server's route matching is cached (scripts/patch-dependencies.mjs, docs/decisions/027): the edited
// CommonJS build of @remix-run/router that Node loads must match every URL of the web exactly as the package's
// own, unedited ES build does — the first time a route tree is seen and every time after.
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { createRequire } from 'node:module'
import type * as Router from '@remix-run/router'
import type * as StaticRouter from 'react-router-dom/server'
import { describe, expect, it } from 'vitest'
import { loadBuiltRoutes, type BuiltRoute } from '../support/route-manifest'

process.env.SESSION_SECRET ??= 'web-test-session-secret-0123456789'
const require = createRequire(import.meta.url)
const editedFile = require.resolve('@remix-run/router')
const edited = require(editedFile) as typeof Router
/** The package's own ES build (browsers' bundles use it), as published. */
const unedited = (await import('@remix-run/router/dist/router.js')) as unknown as typeof Router

type Route = Router.AgnosticRouteObject

/** The nested tree Remix's server makes of the build's flat route table. */
function routeTree(routes: Record<string, BuiltRoute & { caseSensitive?: boolean }>, parentId?: string): Route[] {
  return Object.values(routes)
    .filter((route) => route.parentId === parentId)
    .map((route): Route =>
      route.index
        ? { id: route.id, path: route.path, index: true, caseSensitive: route.caseSensitive }
        : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: routeTree(routes, route.id) },
    )
}

/** Every route's URL with its params filled in, and the odd shapes a request can take. */
function urlsOf(routes: Record<string, BuiltRoute>): string[] {
  const patterns = Object.values(routes).map((route) => {
    const chain: string[] = []
    for (let at: BuiltRoute | undefined = route; at; at = at.parentId ? routes[at.parentId] : undefined) chain.unshift(at.path ?? '')
    return `/${chain.filter(Boolean).join('/')}`
  })
  const filled = patterns.flatMap((pattern) => [
    pattern.replace(/:[\w-]+/g, '0b6f3c1e-1a2b-4c3d-8e4f-5a6b7c8d9e0f').replace(/\*$/, 'deeper/still'),
    pattern.replace(/:[\w-]+/g, 'x%20y').replace(/\*$/, ''),
  ])
  const odd = ['/', '', '//', '/EVENT/abc', '/event/abc/', '/event/abc//edit', '/no/such/page', '/auth/resetPassword/a%2Fb', '/профиль', '//event/abc', '/EvEnT/abc/edit', '/%65vent/abc', '/MODERATION/reports', '/\u212Aalendar']
  return [...new Set([...filled, ...filled.map((url) => `${url}/`), ...odd])]
}

const comparable = (matches: ReturnType<typeof unedited.matchRoutes>) =>
  matches?.map((match) => ({ id: match.route.id, params: match.params, pathname: match.pathname, base: match.pathnameBase })) ?? null

/** Every route object of a tree: a match must hand back the caller's own objects, never a cached tree's. */
const objectsOf = (tree: Route[]): Set<Route> => new Set(tree.flatMap((route) => [route, ...objectsOf(route.children ?? [])]))

/** The edited router's matches, checked to be routes of the tree it was given. */
function matchEdited(tree: Route[], url: string) {
  const matches = edited.matchRoutes(tree, url)
  const own = objectsOf(tree)
  for (const match of matches ?? []) expect(own.has(match.route), `${url}: a route of another tree`).toBe(true)
  return comparable(matches)
}

describe('cached route matching on the server', () => {
  it('is the build Node loads', () => {
    expect(fs.readFileSync(editedFile, 'utf8')).toContain('nearby: cached route matching')
  })

  it('matches every URL of the web as the unedited router does, on first sight of a tree and after', async () => {
    const built = await loadBuiltRoutes()
    const tree = routeTree(built)
    const urls = urlsOf(built)
    expect(urls.length).toBeGreaterThan(100)
    let matched = 0
    for (const round of ['first', 'cached']) {
      for (const url of urls) {
        const expected = comparable(unedited.matchRoutes(routeTree(built), url))
        expect(matchEdited(tree, url), `${url} (${round})`).toEqual(expected)
        // A tree made per render (as RemixServer does) is matched the same way as the long-lived one.
        expect(matchEdited(routeTree(built), url), `${url} (fresh tree)`).toEqual(expected)
        if (expected) matched += 1
      }
    }
    expect(matched).toBeGreaterThan(urls.length) // most URLs match a route, in both rounds
  })

  it('matches a path pattern the same with and without its cached expression', () => {
    for (const [pattern, path] of [
      ['/event/:id', '/event/42'],
      ['/event/:id', '/EVENT/42'],
      [{ path: '/event/:id', caseSensitive: true }, '/EVENT/42'],
      [{ path: '/profile/:id', end: false }, '/profile/7/report'],
      ['/files/*', '/files/a/b'],
      ['/a/:b?', '/a'],
    ] as const) {
      for (let time = 0; time < 2; time++) expect(edited.matchPath(pattern, path)).toEqual(unedited.matchPath(pattern, path))
    }
  })
})

describe('one route tree per build in the static render (docs/decisions/054)', () => {
  it('RemixServer and the static router Node loads are the edited ones', () => {
    expect(fs.readFileSync(require.resolve('@remix-run/react/dist/server.js'), 'utf8')).toContain('nearby: one server route tree per build')
    expect(fs.readFileSync(require.resolve('react-router-dom/server'), 'utf8')).toContain('nearby: data routes once per route tree')
  })

  it('a static router made twice of one tree shares its data routes, each with its own request’s matches', async () => {
    const { createStaticHandler, createStaticRouter } = require('react-router-dom/server') as typeof StaticRouter
    const tree = routeTree(await loadBuiltRoutes()) as Parameters<typeof createStaticRouter>[0]
    const handler = createStaticHandler(tree)
    const routerFor = async (url: string) => {
      const context = await handler.query(new Request(`http://localhost${url}`))
      if (context instanceof Response) throw new Error(`${url}: a response`)
      return createStaticRouter(tree, context)
    }
    const [home, event] = [await routerFor('/'), await routerFor('/event/0b6f3c1e-1a2b-4c3d-8e4f-5a6b7c8d9e0f')]
    expect(event.routes).toBe(home.routes)
    const idsOf = (router: typeof home) => router.state.matches.map((match) => match.route.id)
    expect(idsOf(home).at(-1)).toBe('routes/_index')
    expect(idsOf(event).at(-1)).toBe('routes/event.$id')
    // The matches are the shared data routes themselves, as the unedited router makes them of its own tree.
    const shared = objectsOf(home.routes as Route[])
    for (const match of event.state.matches) expect(shared.has(match.route as Route)).toBe(true)
  })
})

describe('the route manifest a page inlines, made once per page shape (docs/decisions/054)', () => {
  it('is the edited <Scripts> Node loads', () => {
    expect(fs.readFileSync(require.resolve('@remix-run/react/dist/components.js'), 'utf8')).toContain('nearby: the inline route manifest made once per page shape')
  })

  it('is, for every page, what Remix makes of the build and the page’s path, also after another page of its shape', async () => {
    const { startTestApi } = await import('../api/helpers')
    const { createEvent, makeUser } = await import('../api/events-fixtures')
    const { startWebServer } = await import('../support/web-server')
    const { getPartialManifest } = require('@remix-run/react/dist/fog-of-war.js') as { getPartialManifest: (manifest: unknown, router: unknown) => unknown }
    const { createStaticHandler, createStaticRouter } = require('react-router-dom/server') as typeof StaticRouter
    const build = (await import(`${pathToFileURL(path.resolve('build/index.js')).href}`)) as { assets: unknown; routes: Record<string, BuiltRoute> }
    const api = await startTestApi()
    const web = await startWebServer({ API_URL: api.url })
    try {
      const user = await makeUser(api)
      const events = [await createEvent(api, user.token), await createEvent(api, user.token)]
      const tree = routeTree(build.routes) as Parameters<typeof createStaticRouter>[0]
      const handler = createStaticHandler(tree)
      const paths = ['/', '/places', `/event/${events[0]!._id}`, `/event/${events[1]!._id}`, `/event/${events[0]!._id}`, '/auth', '/calendar']
      for (const page of paths) {
        const response = await fetch(`${web.url}${page}`)
        // Where a redirect led (/calendar: this month's).
        const shown = new URL(response.url).pathname
        const inlined = /window\.__remixManifest = (\{[\s\S]*?\n\});/.exec(await response.text())?.[1]
        expect(inlined, page).toBeTruthy()
        const context = await handler.query(new Request(`http://localhost${shown}`))
        if (context instanceof Response) throw new Error(`${page}: a response`)
        const expected = JSON.stringify(getPartialManifest(build.assets, createStaticRouter(tree, context)), null, 2)
        expect(inlined, page).toBe(expected)
      }
    } finally {
      web.stop()
      await api.close()
    }
  }, 30_000)
})

describe('the request a loader gets (an edit to Remix’s server runtime, decision 054)', () => {
  type CallRouteLoader = (args: { loadContext: unknown; loader: (args: { request: Request }) => unknown; params: object; request: Request; routeId: string; singleFetch: boolean }) => Promise<unknown>
  const { callRouteLoader } = require('@remix-run/server-runtime/dist/data.js') as { callRouteLoader: CallRouteLoader }
  const seenBy = (request: Request) =>
    callRouteLoader({ loadContext: {}, loader: ({ request: seen }) => seen, params: {}, request, routeId: 'routes/x', singleFetch: true }) as Promise<Request>

  it('is the request as it came when its URL has none of Remix’s own parameters', async () => {
    expect(fs.readFileSync(require.resolve('@remix-run/server-runtime/dist/data.js'), 'utf8')).toContain('nearby: no new Request when there is no parameter')
    const request = new Request('http://localhost/event/1?page=2&city=Novi%20Sad', { headers: { cookie: 'a=b' } })
    expect(await seenBy(request)).toBe(request)
  })

  it('has `_routes` and empty `index` parameters removed, and keeps everything else, as before', async () => {
    const seen = await seenBy(new Request('http://localhost/events?index&_routes=root&page=2&index=x', { headers: { cookie: 'a=b' } }))
    expect(seen.url).toBe('http://localhost/events?page=2&index=x')
    expect(seen.headers.get('cookie')).toBe('a=b')
    const indexed = await seenBy(new Request('http://localhost/reindex-me?index'))
    expect(indexed.url).toBe('http://localhost/reindex-me')
  })
})
