// The moderation console on a phone (issue 23), with JavaScript on and off: from 360 to 414 px no tab is wider than
// the screen, every tab's label is whole, each table scrolls in its own box with every row's actions in view,
// and the actions work there — approve, reject with a reason, dismiss a report.
import type { Locator, Page } from '@playwright/test'
import { callApiAs, createEventViaApi } from './event-fixtures'
import { expect, test, uniqueSuffix, type TestUser } from './fixtures'

const PHONE = { width: 360, height: 800 }

/** `reporter` reports the event as spam (a row of the Reports tab). */
const reportAsSpam = (reporter: TestUser, eventId: string) =>
  callApiAs(reporter, 'POST', '/reports', { targetType: 'POST', targetId: eventId, reason: 'spam' }, 201)

/** The page is exactly as wide as the screen: nothing pans sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }))
  expect(scrollWidth, page.url()).toBe(clientWidth)
}

/** Scrolls the page down to `element`, never its table's box sideways (the actions must be in view as they are). */
async function scrollDownTo(element: Locator) {
  await element.evaluate((node) => window.scrollBy(0, node.getBoundingClientRect().top - 120))
}

for (const width of [PHONE.width, 414])
  test(`every tab fits a ${width} px phone, with whole tab labels and every row’s actions in view`, async ({
    page,
    createUser,
    signIn,
  }) => {
    const [admin, owner, reporter] = await Promise.all([
      createUser({ role: 'admin' }),
      createUser(),
      createUser(),
    ])
    const event = await createEventViaApi(owner, { title: `Phone queue ${uniqueSuffix()}` })
    await reportAsSpam(reporter, event._id)
    await page.setViewportSize({ ...PHONE, width })
    await signIn(page, admin)
    for (const tab of ['users', 'events', 'places', 'reports', 'log', 'fediverse']) {
      await page.goto(`/moderation/${tab}`)
      await expectNoSidewaysScroll(page)
      const tabs = page.getByRole('navigation', { name: 'Moderation sections' }).getByRole('link')
      for (const link of await tabs.all()) await expect(link).toBeInViewport({ ratio: 1 })
      const actions = page.locator('[data-testid^="row-actions-"], [data-testid^="report-actions-"]')
      if (tab !== 'log' && tab !== 'fediverse') expect(await actions.count(), tab).toBeGreaterThan(0)
      for (const form of (await actions.all()).slice(0, 7)) {
        await scrollDownTo(form)
        for (const button of await form.getByRole('button').all())
          await expect(button).toBeInViewport({ ratio: 1 })
      }
    }
  })

test('on a phone an admin approves, rejects with a reason and dismisses a report from the rows', async ({
  page,
  createUser,
  signIn,
}) => {
  test.slow()
  const [admin, owner, reporter] = await Promise.all([
    createUser({ role: 'admin' }),
    createUser(),
    createUser(),
  ])
  const suffix = uniqueSuffix()
  const [approved, rejected] = await Promise.all([
    createEventViaApi(owner, { title: `Phone approve ${suffix}` }),
    createEventViaApi(owner, { title: `Phone reject ${suffix}` }),
  ])
  const reported = await createEventViaApi(owner, { title: `Phone report ${suffix}` })
  await reportAsSpam(reporter, reported._id)
  await page.setViewportSize(PHONE)
  await signIn(page, admin)

  await page.goto(`/moderation/events?query=${encodeURIComponent(approved.title as string)}`)
  const approveRow = page.getByTestId(`row-${approved._id}`)
  await scrollDownTo(approveRow)
  await expect(approveRow.getByRole('button', { name: 'Approve' })).toBeInViewport()
  await approveRow.getByRole('button', { name: 'Approve' }).click()
  await expect(page.getByTestId('toast')).toHaveText(/Approved\./)
  await expect(page.getByTestId(`row-${approved._id}`).getByText('Information: approved')).toBeVisible()
  await expectNoSidewaysScroll(page)

  await page.goto(`/moderation/events?query=${encodeURIComponent(rejected.title as string)}`)
  const rejectRow = page.getByTestId(`row-${rejected._id}`)
  await rejectRow.getByPlaceholder('Reason (optional)').fill('Say where people meet.')
  await rejectRow.getByRole('button', { name: 'Reject Info' }).click()
  await expect(page.getByTestId('toast')).toHaveText(/The information is rejected; the author is told\./)
  await expect(page.getByTestId(`row-${rejected._id}`).getByText('Information: rejected')).toBeVisible()

  await page.goto('/moderation/reports')
  const reportRow = page.locator('tbody tr', {
    has: page.getByRole('link', { name: reported.title as string }),
  })
  await scrollDownTo(reportRow)
  await expect(reportRow.getByRole('button', { name: 'Dismiss' })).toBeInViewport()
  await reportRow.getByRole('button', { name: 'Dismiss' }).click()
  await expect(page.getByTestId('toast')).toHaveText(/Report dismissed; the reporter is told\./)
  await expect(
    page.locator('tbody tr', { has: page.getByRole('link', { name: reported.title as string }) }),
  ).toHaveCount(0)
  await expectNoSidewaysScroll(page)
})
