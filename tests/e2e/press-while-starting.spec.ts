// Issue 39 item 5: a press while the page starts is never lost on screen. With JavaScript on and the CPU slowed
// (a cheap phone), Like/Unlike and Join/Leave are pressed the moment the button appears, before, during or just
// after hydration; whatever path the press took (the browser's own post, or the fetcher), the page must end up
// showing what the server saved — 20 tries, no miss.
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { apiToken, createEventViaApi, waitForApp } from './event-fixtures'
import { e2e } from './env'

type Saved = { isLiked: boolean; likesCount: number; isParticipant: boolean; participantsCount: number }

async function saved(eventId: string, token: string): Promise<Saved> {
  return (await (await fetch(`${e2e.apiUrl}/event/${eventId}`, { headers: { authorization: `Bearer ${token}` } })).json()) as Saved
}

/** What the page shows: the Like button's state and count, and whether Join or Leave is offered. */
async function shown(page: Page) {
  const like = page.getByRole('main').getByRole('button', { name: /^(Like|Unlike)\b/ })
  return {
    isLiked: (await like.getAttribute('aria-pressed')) === 'true',
    likesCount: Number(await page.getByTestId('like-button-count').textContent()),
    isParticipant: await page.getByRole('main').getByRole('button', { name: 'Leave', exact: true }).isVisible(),
  }
}

test('Like, Join and Leave pressed while the page starts on a slow CPU: the page shows what was saved, 20 of 20', async ({
  page,
  createUser,
  signIn,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, 'the race is between the page starting and the press; without JavaScript there is no start')
  test.setTimeout(240_000)
  const event = await createEventViaApi(await createUser(), { maxParticipants: 10 })
  const guest = await createUser()
  await signIn(page, guest)
  const token = await apiToken(guest)
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 })

  const misses: string[] = []
  for (let attempt = 0; attempt < 20; attempt++) {
    const pressLike = attempt % 2 === 0
    // What the press must change: the poll below waits for that, not only for the page to agree with the server
    // (both still showing the state before the press agree too, and the press's answer may come a moment later).
    const before = await saved(event._id, token)
    const pressed = (now: Saved) => (pressLike ? now.isLiked !== before.isLiked : now.isParticipant !== before.isParticipant)
    await page.goto(`/event/${event._id}`, { waitUntil: 'commit' })
    const main = page.getByRole('main')
    const button = pressLike
      ? main.getByRole('button', { name: /^(Like|Unlike)\b/ })
      : main.getByRole('button', { name: /^(Join|Leave)$/ })
    // Pressed as soon as it can be: before, during or just after hydration.
    await button.click()
    try {
      // The press is saved and answered (a page load or the fetcher's answer), then the page agrees with the server…
      await expect
        .poll(async () => {
          const now = await saved(event._id, token)
          const view = await shown(page)
          return pressed(now) && view.isLiked === now.isLiked && view.likesCount === now.likesCount && view.isParticipant === now.isParticipant
        }, { timeout: 10_000 })
        .toBe(true)
      // …and keeps agreeing (no late answer puts the old state back).
      await page.waitForTimeout(500)
      const { isLiked, likesCount, isParticipant } = await saved(event._id, token)
      expect(await shown(page)).toEqual({ isLiked, likesCount, isParticipant })
    } catch {
      const { isLiked, likesCount, isParticipant } = await saved(event._id, token)
      misses.push(`try ${attempt} (${pressLike ? 'like' : 'join/leave'}): saved ${JSON.stringify({ isLiked, likesCount, isParticipant })}, shown ${JSON.stringify(await shown(page))}`)
    }
  }
  expect(misses, misses.join('\n')).toEqual([])
})

test('a like the fetcher sent without its in-place marker (answered by the redirect for pages without JavaScript) still ends showing the saved count', async ({
  page,
  createUser,
  signIn,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, 'only the fetcher follows a redirect without loading a page')
  const event = await createEventViaApi(await createUser())
  const guest = await createUser()
  await signIn(page, guest)
  const token = await apiToken(guest)
  // The press that lands before the marker exists, made certain: the marker is taken out of the fetcher's post.
  let stripped = 0
  await page.route(`**/event/${event._id}.data*`, async (route) => {
    const body = route.request().postData()
    if (route.request().method() !== 'POST' || !body) return route.continue()
    const form = new URLSearchParams(body)
    if (form.has('_fetcher')) stripped++
    form.delete('_fetcher')
    return route.continue({ postData: form.toString() })
  })
  await page.goto(`/event/${event._id}`)
  await waitForApp(page)
  const like = page.getByRole('main').getByRole('button', { name: /^(Like|Unlike)\b/ })
  for (const [pressed, count] of [[true, 1], [false, 0], [true, 1]] as const) {
    await like.click()
    await expect.poll(async () => (await saved(event._id, token)).likesCount).toBe(count)
    await expect(like).toHaveAttribute('aria-pressed', String(pressed))
    await expect(page.getByTestId('like-button-count')).toHaveText(String(count))
  }
  expect(stripped).toBe(3)
})
