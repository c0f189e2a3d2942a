// Pages every visitor without a session sees alike (docs/decisions/054): the static text pages. server.mjs keeps
// each one's HTML per key (server/page-cache.mjs) and sends it as an asset, with an ETag, instead of rendering it
// anew: the same bytes as a render, only without the work.
import { parseCookie } from 'cookie'
import { todayInZone } from '#contract'
import { STATIC_PAGES } from '~/components/layout/static-pages'
import { getLanguage, localeCookie } from '~/i18n.server'
import { getEnv } from './env.server'
import { detectMobilePlatform } from './layout.server'

const SHARED_PATHS = new Set<string>(STATIC_PAGES.map((page) => page.to))
/** The one cookie such a page may be asked with: the language switch's. Any other (the session, a toast, the install
 * banner's) makes the page someone's own. */
const LANGUAGE_COOKIE = localeCookie.name

export type PageRequest = {
  method: string
  path: string
  /** The query string with its `?`, or ''. */
  search: string
  origin: string
  cookie: string | undefined
  acceptLanguage: string | undefined
  userAgent: string | undefined
}

/**
 * The key of the page a request asks for when its HTML is the same for everyone who asks it the same way (path,
 * language, the mobile platform of the install banner, the day of the header's date fields, the origin the links
 * name, which must be the site's, WEB_URL); null when the page must be rendered for this request.
 */
export async function sharedPageKey(request: PageRequest): Promise<string | null> {
  if ((request.method !== 'GET' && request.method !== 'HEAD') || request.search !== '' || !SHARED_PATHS.has(request.path)) return null
  // The site's own address only: a page asked for under any other Host is rendered, never kept (nobody fills the
  // cache with names of their choosing).
  if (request.origin !== new URL(getEnv().WEB_URL).origin) return null
  const cookies = request.cookie ? Object.keys(parseCookie(request.cookie)) : []
  if (cookies.some((name) => name !== LANGUAGE_COOKIE)) return null
  const headers = new Headers()
  if (request.cookie) headers.set('Cookie', request.cookie)
  if (request.acceptLanguage) headers.set('Accept-Language', request.acceptLanguage)
  // Only the headers count for the language: no URL made of the Host header, which may be anything.
  const language = await getLanguage(new Request('http://localhost/', { headers }))
  const platform = detectMobilePlatform(request.userAgent) ?? 'desktop'
  return [request.path, language, platform, todayInZone(getEnv().TIME_ZONE), request.origin].join('\u0000')
}
