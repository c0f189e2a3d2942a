// No untranslated text on any page (issue 23): every page of the build's route manifest, in English and in
// Russian (every language of LANGUAGES), as a visitor, a user and a super admin, over the demo data, must show
// no `{{`/`}}` placeholder, no key of our texts (`settings:delete.note`, `delete.note`), no text that i18next
// reports missing, and — on a Russian page — no English sentence of ours that has a Russian twin. The page's visible text and its user-facing attributes (alt, title,
// placeholder, aria-label, meta descriptions) are read; scripts and styles are not. The stack is real: the API
// with the demo data on a fresh SQLite file, the built web server (server.mjs).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedDemo } from '../../api/db/seed'
import { startTestApi, type TestApi } from '../api/helpers'
import { LANGUAGES, type Language } from '#contract'
import { resources } from '../../app/locales/resources.server'
import { inBatches, loadBuiltRoutes, realPath, RouteManifest } from '../support/route-manifest'
import { signedInCookie } from '../support/session-cookie'
import { startWebServer, type WebServer } from '../support/web-server'

const SESSION_SECRET = 'web-test-session-secret-0123456789'
process.env.SESSION_SECRET = SESSION_SECRET
const manifest = new RouteManifest(await loadBuiltRoutes())

type Role = 'visitor' | 'user' | 'admin'
type Tree = { [key: string]: unknown }

/** Every text of a language by its key path (`settings:delete.note_one`). */
function texts(language: Language): Map<string, string> {
  const out = new Map<string, string>()
  const walk = (namespace: string, tree: unknown, prefix: string) => {
    if (typeof tree === 'string') out.set(`${namespace}:${prefix}`, tree)
    else for (const [key, value] of Object.entries(tree as Tree)) walk(namespace, value, prefix ? `${prefix}.${key}` : key)
  }
  for (const [namespace, tree] of Object.entries(resources[language])) walk(namespace, tree, '')
  return out
}

const EN = texts('en')
/** Key paths that could leak onto a page: `ns:a.b` and `a.b` (dotted keys only: a one-word key is a word). */
const KEYS = new Set([...EN.keys()].flatMap((key) => [key, key.slice(key.indexOf(':') + 1).replace(/_(one|few|many|other)$/, '')]).filter((key) => key.includes('.')))
/** For each other language: English sentences of ours that it says differently (the parts between placeholders of four words or more). */
const ENGLISH_ONLY = new Map<Language, string[]>(
  LANGUAGES.filter((language) => language !== 'en').map((language) => {
    const translated = texts(language)
    const sentences = [...EN]
      .filter(([key, text]) => translated.has(key) && translated.get(key) !== text)
      .flatMap(([, text]) => text.split(/\{\{[^}]*\}\}/))
      .map((part) => part.trim())
      .filter((part) => part.split(/\s+/).length >= 4 && /^[\x20-\x7e’“”–—…]+$/.test(part))
    return [language, [...new Set(sentences)]] as const
  }),
)

function decode(text: string): string {
  return text
    .replace(/&nbsp;/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&amp;/g, '&')
}

/** What a person reads or hears on the page: its text and its user-facing attributes. */
function readable(html: string): string {
  const withoutCode = html.replace(/<script[\s\S]*?<\/script>/gi, ' ').replace(/<style[\s\S]*?<\/style>/gi, ' ')
  const attributes = [...withoutCode.matchAll(/\s(?:alt|title|placeholder|aria-label|content)="([^"]*)"/g)].map((m) => m[1])
  const body = withoutCode.replace(/<[^>]+>/g, ' ')
  return decode([body, ...attributes].join(' \n ')).replace(/[ \t]+/g, ' ')
}

let api: TestApi
let web: WebServer
const ids = { event: '', place: '', user: '' }
const cookies: Record<Role, string> = { visitor: '', user: '', admin: '' }

beforeAll(async () => {
  api = await startTestApi({ SEED_DEMO: 'false' })
  await seedDemo(api.app.ctx.db)
  web = await startWebServer({ API_URL: api.url, SESSION_SECRET })
  const db = api.app.ctx.db
  const userId = async (email: string) => (await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id
  const post = async (type: 'EVENT' | 'PLACE') =>
    (await db.selectFrom('posts').select('id').where('event_type', '=', type).where('moderation_status', '=', 'APPROVED').where('access_type', '=', 'COMMON').orderBy('created_at').executeTakeFirstOrThrow()).id
  ids.event = await post('EVENT')
  ids.place = await post('PLACE')
  ids.user = await userId('user@nearby.local')
  cookies.user = await signedInCookie(api.app.tokens, ids.user, 'user')
  cookies.admin = await signedInCookie(api.app.tokens, await userId('superadmin@nearby.local'), 'superAdmin')
}, 60_000)

afterAll(async () => {
  web?.stop()
  await api?.close()
})

const pages = manifest.urls().filter((url) => !url.isResource)

describe('every page says everything in its own language', () => {
  it('has no placeholder, no key of our texts, and no English sentence on a Russian page', async () => {
    // The checks have something to look for.
    expect(KEYS.size).toBeGreaterThan(500)
    expect(ENGLISH_ONLY.get('ru')!.length).toBeGreaterThan(300)
    const problems: string[] = []
    let read = 0
    const jobs = (['visitor', 'user', 'admin'] as Role[]).flatMap((role) =>
      LANGUAGES.flatMap((language: Language) => pages.map((url) => ({ role, language, url }))),
    )
    await inBatches(jobs, 6, async ({ role, language, url }) => {
      // The demo's first event and place, and the demo user, in the route's `:params`.
      const target = realPath(manifest, url, ids)
      const headers: Record<string, string> = { Accept: 'text/html', 'Accept-Language': language, Cookie: [`lng=${language}`, cookies[role]].filter(Boolean).join('; ') }
      const response = await fetch(`${web.url}${target}`, { headers, redirect: 'manual' })
      if (!(response.headers.get('content-type') ?? '').includes('text/html')) return
      read += 1
      const text = readable(await response.text())
      const where = `${target} (${language}, ${role}, ${response.status})`
      for (const mark of ['{{', '}}']) if (text.includes(mark)) problems.push(`${where}: "${mark}" in …${text.slice(Math.max(0, text.indexOf(mark) - 60), text.indexOf(mark) + 40).trim()}…`)
      for (const key of KEYS) if (new RegExp(`(^|[^\\w.:/@-])${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\w.-])`).test(text)) problems.push(`${where}: the key ${key}`)
      for (const sentence of ENGLISH_ONLY.get(language) ?? []) if (text.includes(sentence)) problems.push(`${where}: English "${sentence}"`)
    })
    expect(read, 'pages read').toBeGreaterThan(pages.length)
    expect(problems, problems.join('\n')).toEqual([])
    // And no screen asked for a text that no namespace has (i18next's missing-key hook, app/i18n.server.ts).
    const missing = web.stderr().split('\n').filter((line) => line.includes('[i18n] missing text'))
    expect(missing, missing.join('\n')).toEqual([])
  }, 240_000)
})

describe('page titles', () => {
  it('name the event form pages in the reader’s language', async () => {
    const titles: Record<string, string> = {}
    for (const language of LANGUAGES)
      for (const path of ['/event/new', '/place/new', `/event/${ids.event}/edit`]) {
        const response = await fetch(`${web.url}${path}`, { headers: { Accept: 'text/html', 'Accept-Language': language, Cookie: `lng=${language}; ${cookies.admin}` } })
        expect(response.status, path).toBe(200)
        titles[`${language} ${path.replace(ids.event, ':id')}`] = /<title>([^<]*)<\/title>/.exec(await response.text())?.[1] ?? ''
      }
    expect(titles).toEqual({
      'en /event/new': 'New event · Nearby',
      'en /place/new': 'New place · Nearby',
      'en /event/:id/edit': 'Edit event · Nearby',
      'ru /event/new': 'Новое событие · Nearby',
      'ru /place/new': 'Новое место · Nearby',
      'ru /event/:id/edit': 'Редактировать событие · Nearby',
    })
  })
})
