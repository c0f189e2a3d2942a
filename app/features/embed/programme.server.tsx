// The framed programme (/embed/events; issue 27, decision 043): a whole HTML document rendered once on the
// server, with no script at all, a few lines of CSS, and links that open Nearby in a new tab. It is the one
// page other sites may frame (server.mjs sends it `frame-ancestors *` and no X-Frame-Options).
import { renderToStaticMarkup } from 'react-dom/server'
import {
  EMBED_LIMITS,
  type EmbedList,
  type EmbedPageQuery,
  embedPageQuerySchema,
  embedSearch,
  formatDateTime,
  type Language,
} from '#contract'
import { getLanguage, serverT } from '~/i18n.server'
import { apiUrl } from '~/utils/api.server'
import { getEnv } from '~/utils/env.server'
import { etagOf } from './etag.server'

const STYLE = `
*{box-sizing:border-box}body{margin:0;font:15px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
.light{background:#fff;color:#0f172a}.dark{background:#0f172a;color:#e2e8f0}
main{padding:12px}h1{margin:0 0 8px;font-size:17px}a{color:inherit}
.light a{color:#1d4ed8}.dark a{color:#93c5fd}
ol{list-style:none;margin:0;padding:0}li{display:flex;gap:10px;padding:8px 0;border-top:1px solid #cbd5e180}
img{width:48px;height:48px;object-fit:cover;border-radius:6px;flex:none}
.t{font-weight:600}.w,.p{display:block;font-size:13px;opacity:.8}
.c{display:inline-block;margin-left:6px;padding:0 6px;border-radius:4px;background:#b91c1c;color:#fff;font-size:12px}
footer{margin-top:8px;font-size:13px}.s{position:absolute;left:-9999px}
`

/** Query values as the schema reads them: a repeated `categories` is a list. */
export function embedQueryOf(url: URL) {
  const raw: Record<string, string | string[]> = Object.fromEntries(url.searchParams)
  const categories = url.searchParams.getAll('categories')
  if (categories.length > 1) raw.categories = categories
  return embedPageQuerySchema.safeParse(raw)
}

function Document({ lang, theme, title, children }: { lang: Language; theme: string; title: string; children: React.ReactNode }) {
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width,initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{title}</title>
        <style dangerouslySetInnerHTML={{ __html: STYLE }} />
      </head>
      <body className={theme}>
        <main>{children}</main>
      </body>
    </html>
  )
}

function Programme({ list, lang, timeZone }: { list: EmbedList; lang: Language; timeZone: string }) {
  const t = serverT(lang, 'embed')
  const newTab = <span className="s"> {t('frame.newTab')}</span>
  return (
    <>
      <h1>
        <a href={list.url} target="_blank" rel="noopener">
          {list.title}
          {newTab}
        </a>
      </h1>
      {list.events.length === 0 ? <p>{t('frame.empty')}</p> : null}
      <ol>
        {list.events.map((event) => (
          <li key={event._id}>
            {event.imageUrl ? <img src={event.imageUrl} alt="" loading="lazy" width={48} height={48} /> : null}
            <div>
              <a className="t" href={event.url} target="_blank" rel="noopener">
                {event.title}
                {newTab}
              </a>
              {event.cancelled ? <span className="c">{t('frame.cancelled')}</span> : null}
              <time className="w" dateTime={event.startDate ?? undefined}>
                {formatDateTime(event.startDate, lang, timeZone)}
              </time>
              <span className="p">{event.address}</span>
            </div>
          </li>
        ))}
      </ol>
      <footer>
        <a href={list.url} target="_blank" rel="noopener">
          {t('frame.all')} ↗{newTab}
        </a>
      </footer>
    </>
  )
}

function html(status: number, body: string, extra: Record<string, string> = {}) {
  return new Response(`<!DOCTYPE html>${body}`, {
    status,
    headers: { 'Content-Type': 'text/html; charset=utf-8', ...extra },
  })
}

function message(lang: Language, theme: string, status: number, key: 'frame.bad' | 'frame.notFound' | 'frame.unavailable') {
  const text = serverT(lang, 'embed')(key)
  return html(
    status,
    renderToStaticMarkup(
      <Document lang={lang} theme={theme} title={text}>
        <p>{text}</p>
      </Document>,
    ),
    { 'Cache-Control': 'no-store' },
  )
}

/** The API's programme for this query (its JSON), or the status it answered. */
export async function fetchProgramme(request: Request, query: Partial<EmbedPageQuery>, lang: Language): Promise<EmbedList | number> {
  const search = embedSearch({ ...query, theme: undefined, lang })
  const headers = new Headers({ Accept: 'application/json' })
  // server.mjs sets x-client-ip from the socket: the API's rate limit counts each reader, not this server.
  const clientIp = request.headers.get('x-client-ip')
  if (clientIp) headers.set('X-Forwarded-For', clientIp)
  const response = await fetch(apiUrl(`/embed/events?${search}`), {
    headers,
    signal: AbortSignal.timeout(10_000),
  }).catch(() => null)
  if (!response) return 503
  if (!response.ok) return response.status
  return (await response.json()) as EmbedList
}

/** GET /embed/events: the document, with its ETag (304 to a matching If-None-Match) and a short shared cache. */
export async function embedPage(request: Request): Promise<Response> {
  const url = new URL(request.url)
  const parsed = embedQueryOf(url)
  const fallbackLang = await getLanguage(request)
  const theme = url.searchParams.get('theme') === 'dark' ? 'dark' : 'light'
  if (!parsed.success) return message(fallbackLang, theme, 400, 'frame.bad')
  const query = parsed.data
  const lang = query.lang ?? fallbackLang
  const list = await fetchProgramme(request, query, lang)
  if (typeof list === 'number')
    return list === 404
      ? message(lang, theme, 404, 'frame.notFound')
      : message(lang, theme, list >= 500 || list === 429 ? 503 : 400, 'frame.unavailable')
  const body = renderToStaticMarkup(
    <Document lang={lang} theme={query.theme} title={list.title}>
      <Programme list={list} lang={lang} timeZone={getEnv().TIME_ZONE} />
    </Document>,
  )
  const etag = etagOf(body)
  const headers = {
    ETag: etag,
    'Cache-Control': `public, max-age=${EMBED_LIMITS.maxAgeSeconds}`,
    // Without ?lang= the reader's language picks the texts.
    Vary: 'Accept-Language, Cookie',
  }
  if (request.headers.get('If-None-Match') === etag) return new Response(null, { status: 304, headers })
  return html(200, body, headers)
}
