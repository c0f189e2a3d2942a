// The install-app banner (SPEC §2 Layout, §9): Android/iOS only, links to the right store, hidden for
// 7 days after close — localStorage with JavaScript, a cookie from a form post without it.
import { waitForApp } from './event-fixtures'
import { test, expect, waitForHydration } from './fixtures'

const ANDROID_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36'
const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'
const WEEK_MS = 604_800_000
const KEY = 'installBannerHiddenUntil'

test('is not shown on a desktop browser', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByTestId('install-banner')).toHaveCount(0)
})

test.describe('on iOS', () => {
  test.use({ userAgent: IPHONE_UA })

  test('links to the App Store', async ({ page }) => {
    await page.goto('/')
    const banner = page.getByRole('complementary', { name: 'Install the app' })
    await expect(banner).toBeVisible()
    await expect(banner.getByRole('link', { name: 'Install', exact: true })).toHaveAttribute(
      'href',
      /apps\.apple\.com/,
    )
  })
})

test.describe('on Android', () => {
  test.use({ userAgent: ANDROID_UA })

  test('links to Google Play; closing hides it for 7 days, also after a reload', async ({
    page,
  }, testInfo) => {
    await page.goto('/')
    const banner = page.getByRole('complementary', { name: 'Install the app' })
    await expect(banner).toBeVisible()
    await expect(banner.getByRole('link', { name: 'Install', exact: true })).toHaveAttribute(
      'href',
      /play\.google\.com/,
    )

    // With JavaScript the app remembers it in localStorage too: a click before the app has started (it starts
    // after the home page's first photo) is the plain form post. Wait for the form's own handler, not only the
    // page's mark: on a loaded machine the mark came and the click still went as the plain post (CI, stop 53).
    if (testInfo.project.name === 'js-on') {
      await waitForApp(page)
      await waitForHydration(banner.locator('form'))
    }
    const before = Date.now()
    await banner.getByRole('button', { name: 'Hide the install banner' }).click()
    await expect(page.getByTestId('install-banner')).toHaveCount(0)
    await expect(page).toHaveURL(/\/$/)

    if (testInfo.project.name === 'js-on') {
      const stored = Number(await page.evaluate((key) => localStorage.getItem(key), KEY))
      expect(stored).toBeGreaterThanOrEqual(before + WEEK_MS - 1000)
      expect(stored).toBeLessThanOrEqual(Date.now() + WEEK_MS + 1000)
    }
    const cookie = (await page.context().cookies()).find((c) => c.name === KEY)
    expect(cookie).toBeDefined()
    expect(cookie!.expires * 1000).toBeGreaterThan(before + WEEK_MS - 60_000)
    expect(cookie!.expires * 1000).toBeLessThan(Date.now() + WEEK_MS + 60_000)

    await page.reload()
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.getByTestId('install-banner')).toHaveCount(0)
    await page.goto('/privacy-policy')
    await expect(page.getByTestId('install-banner')).toHaveCount(0)
  })

  test('with JavaScript, the localStorage key alone keeps it hidden', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name === 'js-off', 'localStorage needs JavaScript')
    await page.addInitScript(([key, until]) => localStorage.setItem(key as string, String(until)), [
      KEY,
      Date.now() + WEEK_MS,
    ] as const)
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.getByTestId('install-banner')).toHaveCount(0)
  })

  test('comes back once the 7 days are over', async ({ page }) => {
    await page
      .context()
      .addCookies([{ name: KEY, value: String(Date.now() - 1000), url: test.info().project.use.baseURL! }])
    await page.goto('/')
    await expect(page.getByTestId('install-banner')).toBeVisible()
  })
})
