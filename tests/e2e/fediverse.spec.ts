// The fediverse on the web (issue 26, docs/decisions/039), with JavaScript on and off: a profile, a place and a
// city list show their handle and follower count, and "Follow from your server" takes the reader to their own
// server's follow page (tests/support/fediverse-server.ts on loopback); a mistyped account is said and kept;
// Settings → Fediverse turns the federation of one's events off and on.
import { randomUUID } from 'node:crypto'
import Database from 'better-sqlite3'
import { e2e } from './env'
import { expect, test, waitForHydration } from './fixtures'

const host = `localhost:${e2e.webPort}`
const readerServer = `127.0.0.1:${e2e.fediversePort}`

async function firstPlaceId(): Promise<string> {
  const list = (await (await fetch(`${e2e.apiUrl}/event/all?eventType=PLACE`)).json()) as {
    events: { _id: string }[]
  }
  return list.events[0]!._id
}

test('a profile shows its handle, and Follow from your server goes to the reader’s own server', async ({
  page,
  createUser,
  javaScriptEnabled,
}) => {
  const user = await createUser()
  await page.goto(`/profile/${user.id}`)
  const card = page.getByTestId('fediverse-card')
  await expect(card.getByRole('heading', { name: 'On the fediverse' })).toBeVisible()
  await expect(card.getByTestId('fediverse-handle')).toHaveText(`@${user.username.toLowerCase()}@${host}`)
  await expect(card.getByTestId('fediverse-followers')).toHaveText('0 on the fediverse')
  const follow = card.getByRole('button', { name: 'Follow from your server' })
  if (javaScriptEnabled) {
    await waitForHydration(follow)
    await expect(card.getByRole('button', { name: 'Copy' })).toBeVisible()
  } else {
    // Without JavaScript there is nothing to copy with: the handle is text to select.
    await expect(card.getByRole('button', { name: 'Copy' })).toHaveCount(0)
  }
  await card.getByLabel('Your account or server').fill(`@me@${readerServer}`)
  await follow.click()
  await expect(page).toHaveURL(
    new RegExp(`^http://${readerServer.replace(/\./g, '\\.')}/authorize_interaction\\?uri=`),
  )
  await expect(page.getByTestId('follow-target')).toHaveText(`${e2e.webUrl}/ap/actors/user-${user.id}`)
})

test('a place and a city list show their handles', async ({ page }) => {
  const placeId = await firstPlaceId()
  await page.goto(`/event/${placeId}`)
  await expect(page.getByTestId('fediverse-card').getByTestId('fediverse-handle')).toHaveText(
    `@place-${placeId}@${host}`,
  )
  await page.goto('/?city=Belgrade&country=RS')
  const city = page.getByTestId('fediverse-card')
  await expect(city.getByTestId('fediverse-handle')).toHaveText(`@belgrade@${host}`)
  await expect(city.getByText('Follow the public events of this city')).toBeVisible()
})

test('a mistyped account is said and kept, then the right one follows from the city list', async ({
  page,
  javaScriptEnabled,
}) => {
  await page.goto('/?city=Belgrade&country=RS')
  const card = page.getByTestId('fediverse-card')
  const follow = card.getByRole('button', { name: 'Follow from your server' })
  if (javaScriptEnabled) await waitForHydration(follow)
  await card.getByLabel('Your account or server').fill('not a server')
  await follow.click()
  await expect(page).toHaveURL(/\/fediverse\/follow$/)
  await expect(page.getByRole('heading', { name: `Follow @belgrade@${host} from your server` })).toBeVisible()
  const account = page.getByLabel('Your account or server')
  await expect(account).toHaveValue('not a server')
  await expect(
    page.getByText(
      'Enter your fediverse account, like @you@mastodon.social, or your server, like mastodon.social.',
    ),
  ).toBeVisible()
  if (javaScriptEnabled) await waitForHydration(page.getByRole('button', { name: 'Follow', exact: true }))
  await account.fill(`@me@${readerServer}`)
  await page.getByRole('button', { name: 'Follow', exact: true }).click()
  await expect(page.getByTestId('follow-target')).toHaveText(/\/ap\/actors\/city-792680$/)
})

test('in Russian, the city’s card and the follow page speak Russian', async ({ page }) => {
  await page.goto('/?city=Belgrade&country=RS')
  await page.getByRole('button', { name: 'Switch language to Русский' }).click()
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru')
  const card = page.getByTestId('fediverse-card')
  await expect(card.getByRole('heading', { name: 'В федиверсе' })).toBeVisible()
  await expect(card.getByTestId('fediverse-followers')).toHaveText('0 подписчиков в федиверсе')
  await card.getByLabel('Ваш аккаунт или сервер').fill('???')
  await card.getByRole('button', { name: 'Подписаться со своего сервера' }).click()
  await expect(
    page.getByText(
      'Введите свой аккаунт в федиверсе, например @you@mastodon.social, или адрес своего сервера, например mastodon.social.',
    ),
  ).toBeVisible()
})

test('Settings → Fediverse turns the federation of one’s events off and on', async ({
  page,
  createUser,
  signIn,
  javaScriptEnabled,
}) => {
  const user = await createUser()
  await signIn(page, user)
  await page.goto('/admin/profile/settings/fediverse')
  await expect(page.getByTestId('own-fediverse-handle')).toHaveText(
    `Your handle: @${user.username.toLowerCase()}@${host}`,
  )
  const federate = page.getByLabel('Send my public events to the fediverse')
  await expect(federate).toBeChecked()
  const save = page.getByRole('button', { name: 'Save' })
  if (javaScriptEnabled) await waitForHydration(save)
  await federate.uncheck()
  await save.click()
  await expect(page.getByTestId('toast')).toHaveText(/Fediverse settings saved\./)
  await page.reload()
  await expect(federate).not.toBeChecked()
  await federate.check()
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByTestId('toast')).toHaveText(/Fediverse settings saved\./)
  await page.reload()
  await expect(federate).toBeChecked()
})

test('Settings → Fediverse follows an account of another server by its handle; a mistyped one is said and kept', async ({
  page,
  createUser,
  signIn,
  javaScriptEnabled,
}) => {
  const user = await createUser()
  await signIn(page, user)
  await page.goto('/admin/profile/settings/fediverse')
  const form = page.getByRole('region', { name: 'Follow an account from another server' })
  const follow = form.getByRole('button', { name: 'Follow' })
  if (javaScriptEnabled) await waitForHydration(follow)
  const account = form.getByLabel('Account')
  await account.fill('events at the server')
  await follow.click()
  await expect(form.getByText('Enter the account to follow, like @events@gancio.example.')).toBeVisible()
  await expect(account).toHaveValue('events at the server')
  await account.fill(`@events@${readerServer}`)
  await follow.click()
  await expect(page).toHaveURL(/\/profile\/[0-9a-f-]{36}$/)
  await expect(page.getByTestId('toast')).toHaveText(new RegExp(`You follow @events@${readerServer.replace(/\./g, '\\.')}`))
  const origin = page.getByTestId('remote-origin')
  await expect(origin.getByTestId('remote-handle')).toHaveText(`@events@${readerServer}`)
  await expect(origin.getByRole('link', { name: 'Open on 127.0.0.1' })).toHaveAttribute('href', `http://${readerServer}/@events`)
  await expect(page.getByRole('heading', { name: 'City events calendar' })).toBeVisible()
})

test('the console’s Fediverse tab blocks a server with a reason, logged; a missing reason is said and the server kept', async ({
  page,
  createUser,
  signIn,
  javaScriptEnabled,
}) => {
  const admin = await createUser({ role: 'admin' })
  await signIn(page, admin)
  const domain = `spam-${javaScriptEnabled ? 'js' : 'nojs'}-${Date.now().toString(36)}.example`
  await page.goto('/moderation/fediverse')
  await expect(page.getByRole('link', { name: 'Fediverse' })).toHaveAttribute('aria-current', 'page')
  const decide = page.getByRole('form', { name: 'Decide on a server', exact: true })
  const save = decide.getByRole('button', { name: 'Save' })
  if (javaScriptEnabled) await waitForHydration(save)
  await decide.getByLabel('Server').fill(domain)
  await decide.getByLabel('Decision').selectOption('BLOCKED')
  await save.click()
  await expect(decide.getByText('This field is required!')).toBeVisible()
  await expect(decide.getByLabel('Server')).toHaveValue(domain)
  await decide.getByLabel('Reason').fill('Spam wave from this server')
  await decide.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByTestId('toast')).toHaveText(new RegExp(`Decision on ${domain.replace(/\./g, '\\.')} saved`))
  const row = page.getByTestId('fediverse-server').filter({ has: page.getByRole('heading', { name: domain }) })
  await expect(row.getByTestId('fediverse-server-status')).toContainText('Blocked')
  await expect(row.getByTestId('fediverse-server-status')).toContainText('Spam wave from this server')
  await page.goto('/moderation/log?targetType=DOMAIN')
  const entry = page.getByTestId('log-row').filter({ hasText: domain })
  await expect(entry).toContainText('Fediverse server: — → Blocked')
  await expect(entry).toContainText('Spam wave from this server')
})

/**
 * An event of a Gancio calendar our people follow, as the federation stores it when it arrives (the arrival itself
 * is tested between two real instances in tests/api/federation-following.test.ts): written straight into the
 * stack's database, with the HTML already reduced to the safe subset as the inbox does.
 */
function storeRemoteEvent(title: string): string {
  const db = new Database(e2e.databaseFile)
  try {
    const now = new Date().toISOString()
    const start = new Date(Date.now() + 5 * 86_400_000).toISOString()
    const actorId = randomUUID()
    const postId = randomUUID()
    db.prepare(
      `INSERT INTO users (id, name, lastname, username, role, moderation_status, moderation_image_status, is_activated, locale,
        federate_events, remote_actor, remote_domain, remote_url, remote_inbox, created_at, updated_at)
       VALUES (?, 'Gancio calendar', '', ?, 'user', 'PENDING', 'PENDING', 1, 'en', 0, ?, 'gancio.example', 'https://gancio.example', 'https://gancio.example/inbox', ?, ?)`,
    ).run(actorId, `events-${actorId.slice(0, 8)}@gancio.example`, `https://gancio.example/federation/u/${actorId}`, now, now)
    db.prepare(
      `INSERT INTO posts (id, title, description, event_type, access_type, start_date, address, lon, lat, price_donation, posted_by,
        created_by, moderation_status, moderation_image_status, post_status, remote_object, remote_domain, remote_url, remote_html,
        created_at, updated_at)
       VALUES (?, ?, 'Folk music all night', 'EVENT', 'COMMON', ?, 'Dorćol, Belgrade', 20.46, 44.82, 0, ?, ?, 'PENDING', 'PENDING', 'ACTIVE',
        ?, 'gancio.example', ?, ?, ?, ?)`,
    ).run(
      postId,
      title,
      start,
      actorId,
      actorId,
      `https://gancio.example/federation/m/${postId}`,
      `https://gancio.example/event/${postId}`,
      '<p><strong>Folk</strong> music all night</p><p><a href="https://gancio.example/place/dorcol" rel="nofollow noopener noreferrer ugc" target="_blank">Dorćol</a></p>',
      now,
      now,
    )
    return postId
  } finally {
    db.close()
  }
}

test('an event from the fediverse says where it lives, shows its text as the origin wrote it, and cannot be joined here', async ({
  page,
  createUser,
  signIn,
}) => {
  const id = storeRemoteEvent(`Folk night ${randomUUID().slice(0, 6)}`)
  await signIn(page, await createUser())
  await page.goto(`/event/${id}`)
  const origin = page.getByTestId('remote-origin')
  await expect(origin.getByRole('heading', { name: 'On another server' })).toBeVisible()
  await expect(origin).toContainText('This event is published on gancio.example: take part there.')
  await expect(origin.getByRole('link', { name: 'Open on gancio.example' })).toHaveAttribute('href', `https://gancio.example/event/${id}`)
  const description = page.getByTestId('event-description')
  await expect(description.locator('strong')).toHaveText('Folk')
  await expect(description.getByRole('link', { name: 'Dorćol' })).toHaveAttribute('target', '_blank')
  await expect(page.getByRole('button', { name: 'Join' })).toHaveCount(0)
})
