// /users (SPEC §1 browse users, §2 routes) with JavaScript on and off: search by name, cards linking to the
// profile, 12 per page with "Load more" (JS off) or infinite scroll keeping ?page (JS on), the empty state
// and a refused query shown as a field message.
import { expect, test, type TestUser } from './fixtures'
import { callApiAs } from './event-fixtures'
import { e2e } from './env'

/** A lastname no other test user has, so a search finds exactly this test's users. */
function uniqueLastname() {
  const letters = 'abcdefghijklmnopqrstuvwxyz'
  let value = 'Qz'
  for (let i = 0; i < 10; i += 1) value += letters[Math.floor(Math.random() * letters.length)]
  return value
}

const setLastname = (user: TestUser, lastname: string) => callApiAs(user, 'PATCH', '/profile/my', { lastname })

test('search finds a user by last name; the card opens the profile', async ({ page, createUser }) => {
  const lastname = uniqueLastname()
  const user = await createUser()
  await setLastname(user, lastname)

  await page.goto('/users')
  await expect(page.getByRole('heading', { name: 'People' })).toBeVisible()
  await page.getByRole('searchbox', { name: 'Search people' }).fill(lastname.toLowerCase())
  await page.getByRole('search').filter({ has: page.getByRole('searchbox', { name: 'Search people' }) }).getByRole('button', { name: 'Search' }).click()
  await expect(page).toHaveURL(new RegExp(`[?&]query=${lastname.toLowerCase()}`))
  const cards = page.getByTestId('user-card')
  await expect(cards).toHaveCount(1)
  await expect(cards).toContainText(`Tester ${lastname}`)
  await expect(cards).toContainText(`@${user.username}`)
  await expect(page.getByRole('searchbox', { name: 'Search people' })).toHaveValue(lastname.toLowerCase())
  await cards.click()
  await expect(page).toHaveURL(`${e2e.webUrl}/profile/${user.id}`)
  await expect(page.getByRole('heading', { level: 1, name: `Tester ${lastname}` })).toBeVisible()
})

test('more than 12 matches: the next page by "Load more" (JS off) or by scrolling (JS on)', async ({
  page,
  createUser,
  javaScriptEnabled,
}) => {
  const lastname = uniqueLastname()
  const users: TestUser[] = []
  for (let i = 0; i < 14; i += 1) users.push(await createUser())
  for (const user of users) await setLastname(user, lastname)

  await page.setViewportSize({ width: 1280, height: 700 })
  await page.goto(`/users?query=${lastname}`)
  const cards = page.getByTestId('user-card')
  if (javaScriptEnabled) {
    await expect(cards).toHaveCount(12)
    await page.mouse.wheel(0, 10_000)
    await expect(cards).toHaveCount(14)
    await expect(page).toHaveURL(/[?&]page=2/)
    await expect(page.getByText('That is everyone.')).toBeVisible()
  } else {
    await expect(cards).toHaveCount(12)
    await page.getByRole('link', { name: 'Load more' }).click()
    await expect(page).toHaveURL(/[?&]page=2/)
    await expect(cards).toHaveCount(14)
    await expect(page.getByRole('link', { name: 'Load more' })).toHaveCount(0)
  }
  // Every match exactly once.
  const texts = await cards.allTextContents()
  for (const user of users) expect(texts.filter((text) => text.includes(`@${user.username}`))).toHaveLength(1)
})

test('no match shows the empty state; a query the API refuses shows its message, never an error page', async ({ page }) => {
  await page.goto('/users?query=zzqqxxnobodyhere')
  await expect(page.getByTestId('users-empty')).toHaveText('No users found for “zzqqxxnobodyhere”.')
  const response = await page.goto(`/users?query=${'a'.repeat(120)}`)
  expect(response?.status()).toBe(400)
  await expect(page.getByRole('alert')).toHaveText('This value is too long!')
  await expect(page.getByRole('searchbox', { name: 'Search people' })).toHaveValue('a'.repeat(120))
})
