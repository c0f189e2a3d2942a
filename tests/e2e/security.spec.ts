// Defects found by probing the running product (security issue): each answers as the product means to.
import { callApiAs, createEventViaApi } from './event-fixtures'
import { expect, test } from './fixtures'

test('the invite drawer of a deleted event is the not-found page, not a 500', async ({ page, createUser, signIn }) => {
  const organizer = await createUser()
  const event = await createEventViaApi(organizer)
  await callApiAs(organizer, 'DELETE', `/event/${event._id}`)
  await signIn(page, organizer)
  const response = await page.goto(`/event/${event._id}/invite`)
  expect(response?.status()).toBe(404)
  await expect(page.getByText('Sorry! the page you are looking for does not exist.')).toBeVisible()
})
