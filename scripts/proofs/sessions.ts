// `npm run proof:sessions` — parallel page loads with an expired access token (issue 10, part 5c). A
// measurement that prints figures, not a test. Needs the built web (`npm run proof:sessions` builds it).
//
// The real API (buildApp over HTTP, access tokens of 2 seconds) and the built web server (server.mjs) as its
// own process. Each trial is one browser: a fresh activated user with a session cookie, made as the sign-in
// action makes it; once its access token has expired, it loads 20 pages at once (ten pages, public and
// guarded, twice each) and keeps each Set-Cookie in the order the answers arrive, as a browser does. After
// the answers, and a second for whatever the web server left running, the browser is signed out when:
//   - it holds no session cookie, or one of another user;
//   - the cookie's refresh token is not the session's current one (replaced by a rotation the browser never
//     got — the sign-out comes once the grace window has passed — or revoked);
//   - the guarded page /admin/profile/settings does not answer 200;
//   - or one of the 20 loads answered the sign-in screen (401) or failed.
//
//   npm run proof:sessions                    50 trials
//   npm run proof:sessions -- --trials 10     (skip the build: npx tsx scripts/proofs/sessions.ts)
import fs from 'node:fs'
import path from 'node:path'
import type { authSessionStorage as AuthSessionStorage } from '../../app/utils/session.server'
import { createEvent, makeUsers, type TestUser } from '../../tests/api/events-fixtures'
import { startTestApi } from '../../tests/api/helpers'
import { CookieJar, rawRequest } from '../../tests/support/route-manifest'
import { jwtExpiry, sessionSetCookie } from '../../tests/support/session-cookie'
import { startWebServer } from '../../tests/support/web-server'
import { intFlag, printTable, seconds, sleep } from './lib'

const TRIALS = intFlag('trials', 50)
const LOADS = 20
const TOKEN_TTL_SECONDS = 2
const SESSION_SECRET = 'proof-session-secret-0123456789abcdef'
const SESSION_COOKIE = 'nearby_session'
const GUARDED_PAGE = '/admin/profile/settings'
const SETTLE_MS = 1_000

async function main() {
  if (!fs.existsSync(path.resolve(import.meta.dirname, '../../build/index.js'))) {
    console.log('No built web: run `npm run build` first (npm run proof:sessions does).')
    process.exitCode = 1
    return
  }
  const api = await startTestApi({ ACCESS_TOKEN_TTL_SECONDS: String(TOKEN_TTL_SECONDS) })
  const web = await startWebServer({ API_URL: api.url, SESSION_SECRET })
  // The web's session module reads these when it is loaded: the cookie is made as the web makes it.
  process.env.SESSION_SECRET = SESSION_SECRET
  process.env.WEB_URL = web.url
  const { authSessionStorage } = (await import('../../app/utils/session.server')) as {
    authSessionStorage: typeof AuthSessionStorage
  }

  const outcomes: { trial: number; signedOut: boolean; why: string; statuses: number[]; ms: number }[] = []
  try {
    const [organizer, other] = await makeUsers(api, 2)
    const event = await createEvent(api, (organizer as TestUser).token)
    const pages = [
      '/',
      '/places',
      '/users',
      '/notifications',
      `/event/${event._id}`,
      `/profile/${(other as TestUser).id}`,
      '/admin/profile/myProfile',
      '/admin/profile/myProfile/invitations',
      '/admin/profile/settings',
      '/admin/profile/settings/profile',
    ]
    const users = await makeUsers(api, TRIALS)
    console.log(
      `Sessions: ${TRIALS} trials of ${LOADS} parallel page loads with an expired ${TOKEN_TTL_SECONDS}-second access token (${pages.length} pages, public and guarded, twice each)`,
    )
    const started = performance.now()

    for (let t = 0; t < TRIALS; t++) {
      const user = users[t] as TestUser
      // A signed-in browser, its cookie as the sign-in action writes it.
      const { familyId, refreshToken } = await api.app.tokens.startSession(user.id)
      const accessToken = await api.app.tokens.signAccessToken(
        { id: user.id, role: 'user', isActivated: true },
        familyId,
      )
      const jar = new CookieJar()
      jar.take([await sessionSetCookie({ accessToken, refreshToken, userId: user.id })])
      const exp = jwtExpiry(accessToken)
      await sleep(Math.max(0, exp * 1000 - Date.now()) + 300) // expired: the API refuses it

      const loadStarted = performance.now()
      const cookie = jar.header()
      const statuses = await Promise.all(
        Array.from({ length: LOADS }, async (_, i) => {
          try {
            const res = await rawRequest(`${web.url}${pages[i % pages.length]}`, {
              headers: {
                Cookie: cookie,
                Accept: 'text/html,application/xhtml+xml,*/*;q=0.8',
                'Accept-Language': 'en',
              },
            })
            jar.take(res.setCookies)
            return res.status
          } catch {
            return 0
          }
        }),
      )
      const ms = performance.now() - loadStarted
      await sleep(SETTLE_MS)

      const held = await authSessionStorage.getSession(jar.header())
      const heldToken = held.get('refreshToken') as string | undefined
      const row = heldToken ? await api.app.tokens.findByToken(heldToken) : undefined
      const tokenState = !heldToken
        ? 'none'
        : !row
          ? 'unknown'
          : row.revoked_at
            ? 'revoked'
            : row.replaced_at
              ? 'replaced'
              : 'current'
      const guarded = await rawRequest(`${web.url}${GUARDED_PAGE}`, {
        headers: { Cookie: jar.header(), Accept: 'text/html', 'Accept-Language': 'en' },
      })
      const why = [
        jar.get(SESSION_COOKIE) === undefined ? 'no session cookie' : '',
        held.get('userId') !== user.id ? 'another user' : '',
        tokenState !== 'current' ? `refresh token ${tokenState}` : '',
        guarded.status !== 200 ? `guarded page ${guarded.status}` : '',
        statuses.some((s) => s === 401 || s === 0 || s >= 500)
          ? `loads ${[...new Set(statuses)].join('/')}`
          : '',
      ]
        .filter(Boolean)
        .join(', ')
      outcomes.push({ trial: t + 1, signedOut: why !== '', why, statuses, ms })
      if ((t + 1) % 10 === 0)
        console.log(`  ${t + 1}/${TRIALS} trials (${seconds(performance.now() - started)})`)
    }
  } finally {
    web.stop()
    await api.close()
  }

  const all = outcomes.flatMap((o) => o.statuses)
  const count = (pred: (s: number) => boolean) => all.filter(pred).length
  const sorted = outcomes.map((o) => o.ms).sort((a, b) => a - b)
  const signedOut = outcomes.filter((o) => o.signedOut)
  console.log('')
  printTable([
    {
      trials: outcomes.length,
      'page loads': all.length,
      'answered 200': count((s) => s === 200),
      '3xx/4xx': count((s) => s >= 300 && s < 500 && s !== 401),
      '401 sign-in': count((s) => s === 401),
      '5xx/failed': count((s) => s >= 500 || s === 0),
      'load of 20, p50': `${Math.round(sorted[Math.floor(sorted.length / 2)] ?? 0)} ms`,
      'load of 20, max': `${Math.round(sorted.at(-1) ?? 0)} ms`,
      logouts: signedOut.length,
    },
  ])
  console.log('')
  console.log(`logouts: ${signedOut.length} (must be 0)`)
  for (const o of signedOut.slice(0, 10)) console.log(`  trial ${o.trial}: ${o.why}`)
  if (signedOut.length) process.exitCode = 1
}

await main()
