// Open redirects (security issue, item 1): every route that takes a redirect target sends the browser only to
// a path of this site. Hostile values (tests/support/hostile-redirects.ts) go through each route as a form
// post, and through the sign-in form in the browser, once with JavaScript on and once off: the final URL
// stays on the site and nothing answers 500.
import { HOSTILE_REDIRECTS, staysOn } from '../support/hostile-redirects'
import { e2e } from './env'
import { expect, test } from './fixtures'

const ORIGIN = e2e.webUrl

test.describe('redirect targets stay on the site', () => {
  test('every form post that takes redirectTo falls back to a path of this site', async ({ page, createUser, signIn, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, 'plain HTTP posts: the same with JavaScript on and off, checked once')
    test.slow()
    const user = await createUser()
    const other = await createUser()
    await signIn(page, user)
    const routes: Array<{ path: string; form: Record<string, string> }> = [
      { path: '/resources/follow', form: { intent: 'follow', userId: other.id } },
      { path: '/notifications', form: { intent: 'markAllOpened' } },
      { path: '/resources/locale', form: { lng: 'en' } },
      { path: '/resources/install-banner', form: {} },
    ]
    for (const route of routes) {
      for (const { name, value } of HOSTILE_REDIRECTS) {
        const response = await page.request.post(route.path, { form: { ...route.form, redirectTo: value }, maxRedirects: 0 })
        const where = `${route.path} with ${name}`
        expect(response.status(), where).toBeGreaterThanOrEqual(300)
        expect(response.status(), where).toBeLessThan(400)
        expect(staysOn(ORIGIN, response.headers().location ?? null), where).toBe(true)
        expect(response.headers().location, where).not.toContain('evil.example')
      }
    }
  })

  test('the sign-in action falls back home for hostile targets', async ({ playwright, createUser, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, 'plain HTTP posts: the same with JavaScript on and off, checked once')
    const user = await createUser()
    for (const { name, value } of HOSTILE_REDIRECTS) {
      // A fresh client each time: a signed-in visitor of /auth is sent home before the action runs.
      const client = await playwright.request.newContext({ baseURL: ORIGIN })
      const response = await client.post('/auth?index', {
        form: { email: user.email, password: user.password, redirectTo: value },
        maxRedirects: 0,
      })
      expect(response.status(), name).toBe(302)
      expect(response.headers().location, name).toBe('/')
      await client.dispose()
    }
  })

  test('signing in through the form with a hostile redirectTo lands on the site', async ({ page, createUser }) => {
    test.slow()
    const user = await createUser()
    for (const { name, value } of HOSTILE_REDIRECTS) {
      await page.context().clearCookies()
      await page.goto(`/auth?redirectTo=${encodeURIComponent(value)}`)
      await page.locator('main').getByLabel('Username or email').fill(user.email)
      await page.locator('main').getByLabel('Password', { exact: true }).fill(user.password)
      await page.locator('main').getByRole('button', { name: 'Sign in' }).click()
      await expect(page.getByTestId('toast').filter({ hasText: 'signed in' }), name).toBeVisible()
      // The browser's own reading of the target (a NUL in the hidden field becomes U+FFFD, a path of ours).
      expect(new URL(page.url()).origin, name).toBe(ORIGIN)
      expect(page.url(), name).not.toContain('evil.example/phish')
    }
  })

  test('a safe target is kept', async ({ page, createUser }) => {
    const user = await createUser()
    await page.goto(`/auth?redirectTo=${encodeURIComponent('/users?query=Tester')}`)
    await page.locator('main').getByLabel('Username or email').fill(user.email)
    await page.locator('main').getByLabel('Password', { exact: true }).fill(user.password)
    await page.locator('main').getByRole('button', { name: 'Sign in' }).click()
    await expect(page).toHaveURL(`${ORIGIN}/users?query=Tester`)
  })
})
