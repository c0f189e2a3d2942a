// Settings → Webhooks (issue 42), with JavaScript on and off: a receiver on loopback verifies messages with the
// published Standard Webhooks library; the person adds an endpoint (a missing choice is said, the address kept),
// copies the secret shown once, sends a test, sees it delivered in the log, turns the webhook off and removes it.
import { expect, test, waitForHydration } from './fixtures'
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver'

let receiver: WebhookReceiver

test.beforeAll(async () => {
  receiver = await startWebhookReceiver()
})
test.afterAll(async () => {
  await receiver?.close()
})

test('add a webhook, copy its secret, send a test, read the log, turn it off, remove it', async ({ page, createUser, signIn, javaScriptEnabled }) => {
  const user = await createUser()
  await signIn(page, user)
  await page.goto('/admin/profile/settings/webhooks')
  await expect(page.getByRole('heading', { name: 'Webhooks', level: 2 })).toBeVisible()
  await expect(page.getByText('You have no webhook yet.')).toBeVisible()
  const add = page.getByRole('button', { name: 'Add webhook' })
  if (javaScriptEnabled) await waitForHydration(add)
  const address = page.getByLabel('Endpoint address')
  await address.fill(receiver.url)
  await add.click()
  await expect(page.getByText('Choose at least one kind of event to send.')).toBeVisible()
  await expect(address).toHaveValue(receiver.url)

  await page.getByLabel('An event is published').check()
  await page.getByLabel('Someone joins').check()
  await add.click()
  await expect(page.getByTestId('toast')).toHaveText(/Webhook added\./)
  const secret = (await page.getByTestId('webhook-secret').locator('code').textContent()) ?? ''
  expect(secret).toMatch(/^whsec_/)
  receiver.secret = secret
  // Shown once: a reload no longer has it.
  await page.reload()
  await expect(page.getByTestId('webhook-secret')).toHaveCount(0)

  const hook = page.getByTestId('webhook')
  await expect(hook.getByText('An event is published, Someone joins')).toBeVisible()
  const before = receiver.messages.length
  await hook.getByRole('button', { name: 'Send a test' }).click()
  await expect(page.getByTestId('toast')).toHaveText(/Test message sent/)
  await expect.poll(() => receiver.messages.length).toBe(before + 1)
  expect(receiver.messages.at(-1)?.type).toBe('webhook.test')
  await page.reload()
  await expect(page.getByTestId('delivery').first()).toContainText('delivered (1 try)')
  await expect(page.getByTestId('delivery').first()).toContainText(/HTTP 204 in \d+ ms/)

  await page.getByTestId('webhook').getByRole('button', { name: 'Turn off' }).click()
  await expect(page.getByTestId('toast')).toHaveText(/Webhook turned off\./)
  await expect(page.getByTestId('webhook').getByText('Off', { exact: true })).toBeVisible()
  await page.getByTestId('webhook').getByRole('button', { name: 'Remove' }).click()
  await expect(page.getByTestId('toast')).toHaveText(/Webhook removed\./)
  await expect(page.getByText('You have no webhook yet.')).toBeVisible()
})
