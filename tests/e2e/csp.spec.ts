// The Content-Security-Policy (docs/decisions/021-content-security-policy.md) in Chromium with JavaScript on:
// every page is sent with the policy and a fresh nonce, its scripts run (the app hydrates), and nothing on
// it — the map's tiles, the notification socket, the service worker, pictures from the API — is refused.
// Any violation report (the browser's console message or a securitypolicyviolation event) fails the test, and
// so does a page that hydrates with texts its routes did not declare (`[i18n] … loaded late`) or whose
// hydration does not match the server's HTML (React's recoverable errors: the translation stack renders the
// same texts on both sides).
import type { Page } from '@playwright/test'
import { expect, test, type TestUser } from './fixtures'
import { createEventViaApi } from './event-fixtures'

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'the policy is about scripts: checked with JavaScript on')

/** Collects every CSP violation the page reports, from the first byte of every document. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(`${page.url()}: ${message.text()}`)
    // The same walk checks that each page declares the texts it renders (app/locales/load.ts).
    if (message.text().startsWith('[i18n]')) violations.push(`${page.url()}: ${message.text()}`)
    // React 18's production build names a hydration mismatch by its error number (418, 423, 425…).
    if (message.type() === 'error' && /Minified React error #4(18|19|21|22|23|25)\b|[Hh]ydrat/.test(message.text()))
      violations.push(`${page.url()}: ${message.text()}`)
  })
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text))
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation
      void report(`${location.href}: ${event.violatedDirective} refused ${event.blockedURI}`)
    })
  })
  return violations
}

/** Opens a page, checks its policy header, and waits until its scripts ran (Remix's router exists). */
async function visit(page: Page, path: string, options: { ships: boolean } = { ships: true }) {
  const response = await page.goto(path)
  expect(response, path).not.toBeNull()
  const policy = (await response!.allHeaders())['content-security-policy'] ?? ''
  expect(policy, path).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{20,}'/)
  expect(policy, path).not.toMatch(/script-src[^;]*'unsafe-inline'/)
  for (const directive of ["frame-ancestors 'none'", "object-src 'none'", "base-uri 'none'"]) expect(policy, path).toContain(directive)
  if (options.ships) {
    await page.waitForFunction(() => Boolean((window as unknown as { __remixRouter?: unknown }).__remixRouter), null, { timeout: 10_000 })
  }
  return policy
}

test('every page runs its scripts under the policy with no violation: visitor, user and admin', async ({ page, createUser, signIn }) => {
  test.slow()
  const violations = await watchViolations(page)
  const organizer = await createUser()
  const event = await createEventViaApi(organizer, { title: `CSP ${Date.now()}` })

  // A visitor: lists with the map, the event page with its map, people, the auth screens, static pages.
  const first = await visit(page, '/')
  const second = await visit(page, '/')
  const nonceOf = (policy: string) => /'nonce-([^']+)'/.exec(policy)?.[1]
  expect(nonceOf(first), 'a nonce per response').not.toBe(nonceOf(second))
  // The map's tiles come from the tile server the policy allows, and they load.
  const tile = page.locator('img.leaflet-tile').first()
  await expect(tile).toHaveAttribute('src', /127\.0\.0\.1:\d+\/\d+\/\d+\/\d+\.png/)
  await expect.poll(() => tile.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
  for (const path of ['/places', '/users', `/event/${event._id}`, `/profile/${organizer.id}`, `/embed?organizer=${organizer.id}`, '/auth', '/auth/register', '/auth/forgotPassword', '/no/such-page']) {
    await visit(page, path)
  }
  await visit(page, '/privacy-policy', { ships: false })

  // A user: the socket of live notifications opens, the service worker registers.
  const user: TestUser = await createUser()
  await signIn(page, user)
  const socketOpened = page.waitForEvent('websocket', (ws) => ws.url().includes('/ws/'))
  await visit(page, '/')
  await socketOpened
  for (const path of ['/notifications', '/admin/profile/myProfile', '/admin/profile/settings/profile', '/event/new', `/event/${event._id}`, `/event/${event._id}/report`]) {
    await visit(page, path)
  }
  // The organizer's own drawers: cancel and move.
  const organizerPage = await page.context().browser()!.newPage()
  const organizerViolations = await watchViolations(organizerPage)
  await signIn(organizerPage, organizer)
  for (const path of [`/event/${event._id}/cancel`, `/event/${event._id}/reschedule`]) await visit(organizerPage, path)
  expect(organizerViolations).toEqual([])
  await organizerPage.close()
  await visit(page, '/admin/profile/settings/notifications')
  await visit(page, '/admin/profile/settings/calendar')
  const workerScope = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.register('/sw.js')
    return registration.scope
  })
  expect(workerScope).toMatch(/\/$/)

  // An admin: the console's tabs and an editor.
  const admin = await createUser({ role: 'superAdmin' })
  await page.context().clearCookies()
  await signIn(page, admin)
  for (const path of ['/moderation/users', '/moderation/events', '/moderation/places', '/moderation/reports', '/moderation/log', `/moderation/events/${event._id}`, '/place/new']) {
    await visit(page, path)
  }

  expect(violations).toEqual([])
})

test('a client-side navigation brings the texts of the next page with its data: nothing loads late', async ({ page, createUser }) => {
  const violations = await watchViolations(page)
  const organizer = await createUser()
  const event = await createEventViaApi(organizer, { title: `Texts ${Date.now()}` })
  const user = await createUser()

  // Signing in on a visitor's page: the signed-in header's texts were not on it.
  await visit(page, '/auth')
  await page.locator('main').getByLabel('Username or email').fill(user.email)
  await page.locator('main').getByLabel('Password', { exact: true }).fill(user.password)
  await page.locator('main').getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByTestId('toast').filter({ hasText: 'signed in' })).toBeVisible()

  // Each screen family in turn, as a link click would take the browser there (Remix's router, no reload).
  for (const path of [`/event/${event._id}`, `/profile/${organizer.id}`, '/users', '/places', '/notifications', '/admin/profile/settings/password']) {
    await page.evaluate((to) => (window as unknown as { __remixRouter: { navigate: (to: string) => Promise<void> } }).__remixRouter.navigate(to), path)
    await expect(page).toHaveURL(new RegExp(`${path.replace(/[/$]/g, '\\$&')}$`))
    await expect(page.locator('main h1').first()).toBeVisible()
  }
  expect(violations).toEqual([])
})
