// Curated collections (issue 43) with JavaScript on and off: an admin makes one in the console from a rule (words
// in the title) and a hand-picked event given by its link, a mistake comes back with what was typed, the public
// page lists the collection's public events (never a private one) with its feeds and the embed, the admin changes
// and removes it; on a 360 px phone the page fits.
import { apiToken, createEventViaApi } from './event-fixtures'
import { e2e } from './env'
import { expect, test, uniqueSuffix, waitForHydration } from './fixtures'

test('an admin makes a collection from a rule and a picked event; everyone sees its public events; the admin changes and removes it', async ({
  page,
  createUser,
  signIn,
  javaScriptEnabled,
}) => {
  test.slow()
  const [admin, organizer] = await Promise.all([createUser({ role: 'admin' }), createUser()])
  const stamp = uniqueSuffix().toLowerCase()
  const word = `Lanterns${stamp}`
  const [first, second, secret, picked] = await Promise.all([
    createEventViaApi(organizer, { title: `${word} walk` }),
    createEventViaApi(organizer, { title: `${word} workshop` }),
    createEventViaApi(organizer, { title: `${word} after-party`, accessType: 'PRIVATE' }),
    createEventViaApi(organizer, { title: `Tea by the river ${stamp}` }),
  ])
  const slug = `lanterns-${stamp}`

  await signIn(page, admin)
  await page.goto('/moderation/collections')
  const form = page.locator('form#new-collection')
  if (javaScriptEnabled) await waitForHydration(form.getByRole('button', { name: 'Create' }))
  await form.getByLabel('Name').fill(`Lantern festival ${stamp}`)
  await form.getByLabel('Address').fill('Not a slug!')
  await form.getByLabel('Description').fill('Light in the dark days.')
  await form.getByLabel('Words in the title').fill(word)
  await form.getByLabel('Picked events').fill(`${e2e.webUrl}/event/${picked._id}`)
  await form.getByRole('button', { name: 'Create' }).click()
  // The mistake is said at its field; nothing typed is lost.
  await expect(form.getByText('Use lowercase letters, digits and hyphens (up to 60), e.g. summer-festival.')).toBeVisible()
  await expect(form.getByLabel('Name')).toHaveValue(`Lantern festival ${stamp}`)
  await expect(form.getByLabel('Picked events')).toHaveValue(`${e2e.webUrl}/event/${picked._id}`)
  await form.getByLabel('Address').fill(slug)
  await form.getByRole('button', { name: 'Create' }).click()
  await expect(page.getByTestId('toast')).toHaveText(/Collection created\./)
  await expect(page.getByTestId('collection-row').filter({ hasText: `Lantern festival ${stamp}` })).toContainText('1')

  // Everyone: the list of collections, then the collection's page.
  await page.goto('/collections')
  await page.getByRole('link', { name: `Lantern festival ${stamp}` }).click()
  await expect(page).toHaveURL(new RegExp(`/collections/${slug}$`))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Lantern festival ${stamp}`)
  await expect(page.getByText('Light in the dark days.')).toBeVisible()
  const events = page.getByTestId('collection-events')
  for (const event of [first, second, picked]) await expect(events.getByRole('link', { name: event.title })).toBeVisible()
  await expect(page.getByText(secret.title)).toHaveCount(0)
  await expect(page.getByTestId('collection-feed-link')).toHaveAttribute('href', `${e2e.apiUrl}/calendar/collection/${slug}.ics`)
  await expect(page.getByTestId('collection-atom-link')).toHaveAttribute('href', `${e2e.apiUrl}/calendar/collection/${slug}.atom`)
  await page.getByTestId('embed-link').click()
  await expect(page.getByTestId('embed-programme')).toHaveText(`Nearby: Lantern festival ${stamp}`)

  // Change it: the picked event leaves, the rule stays.
  await page.goto(`/moderation/collections/${slug}`)
  const edit = page.locator(`form#collection-${slug}`)
  if (javaScriptEnabled) await waitForHydration(edit.getByRole('button', { name: 'Save' }))
  await expect(edit.getByLabel('Picked events')).toHaveValue(`${e2e.webUrl}/event/${picked._id}`)
  await edit.getByLabel('Name').fill(`Lantern nights ${stamp}`)
  await edit.getByLabel('Picked events').fill('')
  await edit.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByTestId('toast')).toHaveText(/Collection saved\./)
  await page.goto(`/collections/${slug}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Lantern nights ${stamp}`)
  await expect(page.getByTestId('collection-events').getByRole('link', { name: picked.title })).toHaveCount(0)
  await expect(page.getByTestId('collection-events').getByRole('link', { name: first.title })).toBeVisible()

  // Remove it: its page is gone, the events stay.
  await page.goto(`/moderation/collections/${slug}`)
  const remove = page.getByRole('button', { name: 'Remove the collection' })
  if (javaScriptEnabled) await waitForHydration(remove)
  await remove.click()
  await expect(page.getByTestId('toast')).toHaveText(/Collection removed\. Its events stay\./)
  expect((await page.goto(`/collections/${slug}`))?.status()).toBe(404)
  expect((await page.goto(`/event/${first._id}`))?.status()).toBe(200)
})

test('a collection’s page fits a 360 px phone; an unknown one is not found; the console is for moderators', async ({ page, createUser, signIn }) => {
  await page.setViewportSize({ width: 360, height: 740 })
  const [admin, organizer] = await Promise.all([createUser({ role: 'admin' }), createUser()])
  const stamp = uniqueSuffix().toLowerCase()
  const event = await createEventViaApi(organizer, { title: `Harbour swim with a rather long title ${stamp}` }, 1)
  const made = await fetch(`${e2e.apiUrl}/collections`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${await apiToken(admin)}` },
    body: JSON.stringify({ slug: `harbour-${stamp}`, name: `Harbour days ${stamp}`, events: [event._id] }),
  })
  expect(made.status).toBe(201)
  await page.goto(`/collections/harbour-${stamp}`)
  await expect(page.getByTestId('collection-events').getByRole('link', { name: event.title })).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  expect((await page.goto('/collections/no-such-collection'))?.status()).toBe(404)

  await signIn(page, organizer)
  expect((await page.goto('/moderation/collections'))?.status()).toBe(403)
})
