// Reports (docs/decisions/019-reports.md), with JavaScript on and off: a user reports an event from its page;
// the admin sees it in the Reports tab with its age, rejects the event from there; the reporter is told.
// Visitors are sent to sign in first; "Something else" needs details, and what was typed stays.
import { callApiAs, createEventViaApi } from './event-fixtures'
import { expect, test, uniqueSuffix } from './fixtures'

test('a user reports an event; an admin rejects it from the Reports tab; the reporter is told', async ({ page, browser, createUser, signIn }) => {
  test.slow()
  const [reporter, organizer, admin] = await Promise.all([createUser(), createUser(), createUser({ role: 'admin' })])
  const title = `Reported gig ${uniqueSuffix()}`
  const event = await createEventViaApi(organizer, { title })

  await signIn(page, reporter)
  await page.goto(`/event/${event._id}`)
  await page.getByTestId('report-link').click()
  await expect(page).toHaveURL(new RegExp(`/event/${event._id}/report$`))
  const drawer = page.getByTestId('report-drawer')
  await expect(drawer.getByRole('heading', { name: `Report “${title}”` })).toBeVisible()
  // "Something else" without details is refused; the choice stays.
  await drawer.getByLabel('Something else').check()
  await drawer.getByRole('button', { name: 'Send report' }).click()
  await expect(drawer.getByText('This field is required!')).toBeVisible()
  await expect(drawer.getByLabel('Something else')).toBeChecked()
  await drawer.getByLabel('Fraud or scam').check()
  await drawer.getByLabel('Details').fill('Asks for money up front by bank transfer.')
  await drawer.getByRole('button', { name: 'Send report' }).click()
  await expect(page.getByTestId('toast')).toHaveText(/Thank you! Moderators will review your report within 24 hours\./)
  await expect(page).toHaveURL(new RegExp(`/event/${event._id}$`))

  // The admin's queue.
  const adminContext = await browser.newContext({ javaScriptEnabled: test.info().project.name === 'js-on' })
  const adminPage = await adminContext.newPage()
  await signIn(adminPage, admin)
  await adminPage.goto('/moderation/reports')
  await expect(adminPage.getByRole('navigation', { name: 'Moderation sections' }).getByRole('link', { name: /^Reports \(\d+/ })).toBeVisible()
  const row = adminPage.locator('tbody tr', { has: adminPage.getByRole('link', { name: title }) })
  await expect(row).toContainText('Fraud')
  await expect(row).toContainText('Asks for money up front by bank transfer.')
  await expect(row).toContainText('0 h')
  await row.getByPlaceholder('Note (optional)').fill('Prepayment scams are not allowed.')
  await row.getByRole('button', { name: 'Reject Info' }).click()
  await expect(adminPage.getByTestId('toast')).toHaveText(/Rejected and resolved; the author and the reporter are told\./)
  await expect(adminPage.locator('tbody tr', { has: adminPage.getByRole('link', { name: title }) })).toHaveCount(0)
  await adminPage.goto(`/moderation/events?query=${encodeURIComponent(title)}`)
  await expect(adminPage.getByText('Information: rejected')).toBeVisible()
  await adminContext.close()

  // The reporter hears it was dealt with, not how.
  await page.goto('/notifications')
  await expect(page.getByRole('link', { name: new RegExp(`Moderators reviewed your report about ${title} and took action`) })).toBeVisible()
})

test('visitors are sent to sign in before reporting; nobody reports their own profile', async ({ page, createUser, signIn }) => {
  const [person, other] = await Promise.all([createUser(), createUser()])
  await page.goto(`/profile/${person.id}/report`)
  await expect(page).toHaveURL(new RegExp(`/auth\\?redirectTo=${encodeURIComponent(`/profile/${person.id}/report`)}`))

  await signIn(page, other)
  await page.goto(`/profile/${person.id}`)
  await page.getByTestId('report-link').click()
  await expect(page.getByTestId('report-drawer').getByRole('heading', { name: /^Report Tester Example/ })).toBeVisible()
  await page.getByTestId('report-drawer').getByLabel('Harassment or hate').check()
  await page.getByTestId('report-drawer').getByRole('button', { name: 'Send report' }).click()
  await expect(page.getByTestId('toast')).toHaveText(/Thank you!/)

  await page.goto(`/profile/${other.id}`)
  await expect(page.getByTestId('report-link')).toHaveCount(0)
  await page.goto(`/profile/${other.id}/report`)
  await expect(page).toHaveURL(new RegExp(`/profile/${other.id}$`))
})

test("a moderator sees no decisions on a report about their own event, only who decides; another moderator decides it", async ({
  page,
  createUser,
  signIn,
}) => {
  const [reporter, admin, otherAdmin] = await Promise.all([createUser(), createUser({ role: 'admin' }), createUser({ role: 'admin' })])
  const title = `Admin's own gig ${uniqueSuffix()}`
  const event = await createEventViaApi(admin, { title })
  const report = await callApiAs(reporter, 'POST', '/reports', { targetType: 'POST', targetId: event._id, reason: 'spam' }, 201)
  const reportId = (report as { _id: string })._id

  await signIn(page, admin)
  await page.goto('/moderation/reports?targetType=POST')
  await expect(page.getByTestId(`report-own-${reportId}`)).toHaveText(
    'About your own post or profile, or a group you are in: another moderator decides.',
  )
  await expect(page.getByTestId(`report-actions-${reportId}`)).toHaveCount(0)

  await page.context().clearCookies()
  await signIn(page, otherAdmin)
  await page.goto('/moderation/reports?targetType=POST')
  await expect(page.getByTestId(`report-actions-${reportId}`)).toBeVisible()
  await expect(page.getByTestId(`report-own-${reportId}`)).toHaveCount(0)
})
