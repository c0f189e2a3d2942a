// Events that need the organizer's approval (issue 27, decision 042) in the browser, with JavaScript on and
// off: ask to join → the organizer accepts → a participant who is told; a declined person cannot ask again.
import type { Page } from '@playwright/test'
import { callApiAs, createEventViaApi } from './event-fixtures'
import { expect, test, waitForHydration } from './fixtures'

const joinBox = (page: Page) => page.locator('#join')

test('ask to join → the organizer accepts → a participant, told in notifications', async ({
  page,
  browser,
  createUser,
  signIn,
  javaScriptEnabled,
}) => {
  const [organizer, asker] = await Promise.all([createUser(), createUser()])
  const event = await createEventViaApi(organizer, { joinApproval: true, maxParticipants: 5, title: `Approval ${Date.now().toString(36)}` })

  await signIn(page, asker)
  await page.goto(`/event/${event._id}`)
  await expect(page.getByTestId('access-info')).toContainText('Open, with approval')
  await expect(joinBox(page)).toContainText('The organizer approves each participant.')
  const ask = joinBox(page).getByRole('button', { name: 'Ask to join' })
  if (javaScriptEnabled) await waitForHydration(ask)
  await ask.click()
  await expect(page.getByTestId('toast')).toHaveText('Your request was sent. The organizer will answer.')
  await expect(page.getByTestId('join-request-pending')).toHaveText('Request sent: the organizer will answer, and we will tell you.')
  await expect(joinBox(page).getByRole('button', { name: 'Withdraw the request' })).toBeVisible()

  const organizerContext = await browser.newContext({ javaScriptEnabled })
  const organizerPage = await organizerContext.newPage()
  await signIn(organizerPage, organizer)
  await organizerPage.goto(`/event/${event._id}`)
  const requests = organizerPage.getByTestId('join-requests')
  await expect(requests).toContainText(`@${asker.username}`)
  const accept = requests.getByRole('button', { name: `Accept the request of ${asker.name} Example` })
  if (javaScriptEnabled) await waitForHydration(accept)
  await accept.click()
  await expect(organizerPage.getByTestId('toast')).toHaveText('Request accepted: they take part now.')
  await expect(organizerPage.getByTestId('join-requests')).toContainText('No requests waiting.')
  await expect(organizerPage.getByTestId('participants')).toContainText(`@${asker.username}`)
  await organizerContext.close()

  await page.goto(`/event/${event._id}`)
  await expect(joinBox(page)).toContainText('You are going.')
  await page.goto('/notifications')
  await expect(page.getByRole('main')).toContainText(`Your request was accepted: you take part in ${event.title}`)
})

test('a declined request: the person is told on the page and cannot ask again', async ({ page, createUser, signIn, javaScriptEnabled }) => {
  const [organizer, asker] = await Promise.all([createUser(), createUser()])
  const event = await createEventViaApi(organizer, { joinApproval: true, title: `Declined ${Date.now().toString(36)}` })
  await callApiAs(asker, 'PUT', `/event/${event._id}/join-request`)
  await callApiAs(organizer, 'PUT', `/event/${event._id}/join-requests`, { decision: 'DECLINE' })

  await signIn(page, asker)
  await page.goto(`/event/${event._id}`)
  await expect(joinBox(page)).toContainText('The organizer declined your request to join this event.')
  await expect(joinBox(page).getByRole('button', { name: 'Ask to join' })).toBeDisabled()
  if (javaScriptEnabled) return
  // A post a script makes anyway gets the API's refusal as a toast.
  const response = await page.request.post(`/event/${event._id}`, { form: { intent: 'ask' }, maxRedirects: 0 })
  expect(response.status()).toBe(302)
  await page.goto(`/event/${event._id}`)
  await expect(page.getByTestId('toast')).toContainText('The organizer declined your request to join this event.')
})

test('a page left open while the organizer declined: asking says so once, and the page shows the request declined', async ({
  page,
  createUser,
  signIn,
  javaScriptEnabled,
}) => {
  const [organizer, asker] = await Promise.all([createUser(), createUser()])
  const event = await createEventViaApi(organizer, { joinApproval: true, title: `Stale ${Date.now().toString(36)}` })
  await signIn(page, asker)
  await page.goto(`/event/${event._id}`)
  const ask = joinBox(page).getByRole('button', { name: 'Ask to join' })
  if (javaScriptEnabled) await waitForHydration(ask)
  // Meanwhile, from another device: asked, and declined by the organizer.
  await callApiAs(asker, 'PUT', `/event/${event._id}/join-request`)
  await callApiAs(organizer, 'PUT', `/event/${event._id}/join-requests`, { decision: 'DECLINE' })

  await ask.click()
  const declined = 'The organizer declined your request to join this event.'
  if (javaScriptEnabled) await expect(joinBox(page).getByRole('alert')).toHaveText(declined)
  else await expect(page.getByTestId('toast')).toContainText(declined)
  await expect(ask).toBeDisabled()
  await expect(joinBox(page).getByText(declined)).toHaveCount(1)
})
