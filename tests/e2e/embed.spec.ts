// The embeddable programme (issue 27, decision 043) in the browser, with JavaScript on and off: a page of
// another origin (a test page on a second loopback port) frames an organizer's programme and a link opens the
// event on Nearby in a new tab; the builder makes the snippet and previews it, with or without JavaScript.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { callApiAs, createEventViaApi } from './event-fixtures'
import { e2e } from './env'
import { expect, test, waitForHydration } from './fixtures'

/** A site of someone else's: a page with the snippet, served from 127.0.0.1 (the web is localhost). */
async function hostPage(iframe: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    res.end(`<!doctype html><html><head><title>The jazz club</title></head><body><h1>Our programme</h1>${iframe}</body></html>`)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((resolve) => server.close(() => resolve())) }
}

test('a page of another origin frames an organizer’s programme; a link opens the event on Nearby in a new tab', async ({
  page,
  createUser,
}) => {
  const organizer = await createUser()
  const event = await createEventViaApi(organizer, { title: `Embedded ${Date.now().toString(36)}` })
  const cancelled = await createEventViaApi(organizer, { title: `Called off ${Date.now().toString(36)}` })
  await callApiAs(organizer, 'POST', `/event/${cancelled._id}/cancel`, {})
  const site = await hostPage(
    `<iframe src="${e2e.webUrl}/embed/events?organizer=${organizer.id}&theme=dark&lang=en" title="Events" width="100%" height="400" style="border:0"></iframe>`,
  )
  try {
    await page.goto(site.url)
    const frame = page.frameLocator('iframe[title="Events"]')
    await expect(frame.getByRole('heading', { level: 1 })).toContainText('Nearby: events by')
    await expect(frame.locator('body')).toHaveClass('dark')
    await expect(frame.getByRole('listitem').filter({ hasText: cancelled.title })).toContainText('Cancelled')
    // The framed page runs no script at all.
    await expect(frame.locator('script')).toHaveCount(0)
    const link = frame.getByRole('link', { name: new RegExp(event.title) })
    await expect(link).toHaveAttribute('target', '_blank')
    const [tab] = await Promise.all([page.context().waitForEvent('page'), link.click()])
    await expect(tab).toHaveURL(`${e2e.webUrl}/event/${event._id}`)
    await expect(tab.getByRole('heading', { level: 1 })).toHaveText(event.title)
  } finally {
    await site.close()
  }
})

test('the builder: from an organizer’s profile, choose how many and the colours, see the snippet and the preview', async ({
  page,
  createUser,
  javaScriptEnabled,
}) => {
  const organizer = await createUser()
  const event = await createEventViaApi(organizer, { title: `Programme ${Date.now().toString(36)}` })
  await page.goto(`/profile/${organizer.id}`)
  await page.getByTestId('embed-link').click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Embed on your site')
  await expect(page.getByTestId('embed-programme')).toContainText('Nearby: events by')
  await expect(page.frameLocator('[data-testid=embed-preview]').getByRole('link', { name: new RegExp(event.title) })).toBeVisible()

  const count = page.getByLabel('How many events')
  if (javaScriptEnabled) await waitForHydration(count)
  await count.selectOption('3')
  await page.getByLabel('Dark').check()
  if (!javaScriptEnabled) {
    await page.getByRole('button', { name: 'Update the preview' }).click()
    await expect(page).toHaveURL(/count=3/)
  }
  const frameUrl = `${e2e.webUrl}/embed/events?organizer=${organizer.id}&count=3&theme=dark&lang=en`
  await expect(page.getByLabel('Code to copy into your page')).toHaveValue(
    `<iframe src="${frameUrl.replace(/&/g, '&amp;')}" title="${await page.getByTestId('embed-programme').innerText()}" width="100%" height="312" style="border:0" loading="lazy"></iframe>`,
  )
  await expect(page.getByTestId('embed-preview')).toHaveAttribute('src', frameUrl)
  await expect(page.frameLocator('[data-testid=embed-preview]').locator('body')).toHaveClass('dark')
  await expect(page.getByTestId('embed-json-link')).toHaveAttribute('href', `${e2e.apiUrl}/embed/events?organizer=${organizer.id}&count=3&lang=en`)
})

test('a city’s list offers its programme with the city, its country and the chosen category', async ({ page, javaScriptEnabled }) => {
  await page.goto('/?city=Novi%20Sad&categories=kids')
  const link = page.getByTestId('embed-link')
  await expect(link).toHaveAttribute('href', '/embed?city=Novi+Sad&country=Serbia&categories=kids')
  if (javaScriptEnabled) await waitForHydration(link)
  await link.click()
  await expect(page.getByTestId('embed-programme')).toHaveText(/^Nearby: events in Novi Sad/)
  await expect(page.locator('input[type=hidden][name=country]')).toHaveValue('Serbia')
  await expect(page.getByLabel('Kids')).toBeChecked()
})
