// Static pages (SPEC §2, §9) in en and ru, with no JavaScript at all; the 404 page in both languages.
import { test, expect } from './fixtures'

const PAGES = [
  {
    path: '/docs/deleteAccount',
    en: { title: 'Delete your Nearby account', promise: 'within 30 days' },
    ru: { title: 'Удаление аккаунта Nearby', promise: 'в течение 30 дней' },
  },
  {
    path: '/privacy-policy',
    en: { title: 'Privacy policy', promise: 'within 30 days' },
    ru: { title: 'Политика конфиденциальности', promise: 'в течение 30 дней' },
  },
  {
    path: '/terms-of-use',
    en: { title: 'Terms of use', promise: 'within 24 hours' },
    ru: { title: 'Условия использования', promise: 'в течение 24 часов' },
  },
  {
    path: '/child-safety',
    en: { title: 'Child safety standards', promise: 'within 24 hours' },
    ru: { title: 'Стандарты безопасности детей', promise: 'в течение 24 часов' },
  },
] as const

for (const language of ['en', 'ru'] as const) {
  test.describe(`in ${language}`, () => {
    // The language comes from Accept-Language when no language cookie is set.
    test.use({ locale: language === 'ru' ? 'ru-RU' : 'en-US' })

    // One test walks the four pages: a browser context per page would cost more than the pages themselves.
    test('the static pages render with no <script>', async ({ page }) => {
      for (const staticPage of PAGES) {
        const response = await page.goto(staticPage.path)
        expect(response?.status(), staticPage.path).toBe(200)
        const html = (await response?.text()) ?? ''
        expect(html, staticPage.path).not.toMatch(/<script/i)
        expect(html, staticPage.path).not.toContain('modulepreload')
        await expect(page.locator('html')).toHaveAttribute('lang', language)
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(staticPage[language].title)
        await expect(page.getByRole('main')).toContainText(staticPage[language].promise)
        await expect(page).toHaveTitle(`${staticPage[language].title} · Nearby`)
        expect(await page.locator('script').count(), staticPage.path).toBe(0)
      }
    })

    test('an unknown path answers 404 with the not-found page', async ({ page }) => {
      const response = await page.goto('/this/page/does-not-exist')
      expect(response?.status()).toBe(404)
      const text =
        language === 'en'
          ? 'Sorry! the page you are looking for does not exist.'
          : 'Извините! Страница, которую вы ищете, не существует.'
      await expect(page.getByText(text)).toBeVisible()
      await page
        .getByRole('link', { name: language === 'en' ? 'Back to the home page' : 'На главную', exact: true })
        .click()
      await expect(page).toHaveURL(/\/$/)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        language === 'en' ? /^Events near / : /^События рядом: /,
      )
    })
  })
}

test('the account-deletion page leads to Settings → Delete account and to support', async ({ page }) => {
  await page.goto('/docs/deleteAccount')
  const main = page.getByRole('main')
  await expect(main.getByRole('link', { name: 'Open Settings', exact: true })).toHaveAttribute(
    'href',
    '/admin/profile/settings/delete',
  )
  await expect(main.getByRole('link', { name: 'Contact support', exact: true }).first()).toHaveAttribute(
    'href',
    /^(mailto:|https?:)/,
  )
})

test('the child-safety page states zero tolerance and how to report', async ({ page }) => {
  await page.goto('/child-safety')
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { name: 'Zero tolerance' })).toBeVisible()
  await expect(main.getByRole('heading', { name: 'How to report' })).toBeVisible()
  await expect(main).toContainText('CSAE')
})
