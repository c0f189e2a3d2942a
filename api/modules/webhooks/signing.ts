// Standard Webhooks signatures (https://www.standardwebhooks.com): a secret `whsec_<base64>`, and per message the
// headers webhook-id, webhook-timestamp (seconds) and webhook-signature `v1,<base64 HMAC-SHA256 of id.timestamp.body>`,
// so a receiver verifies with any Standard Webhooks library.
import { createHmac, randomBytes } from 'node:crypto'

const PREFIX = 'whsec_'

/** A new secret: 24 random bytes, base64, with the spec's prefix. */
export function newSecret(): string {
  return PREFIX + randomBytes(24).toString('base64')
}

/** A message id (the same on every retry of one message; receivers deduplicate by it). */
export function newMessageId(): string {
  return `msg_${randomBytes(16).toString('hex')}`
}

export function signedHeaders(secret: string, id: string, timestamp: Date, body: string): Record<string, string> {
  const seconds = Math.floor(timestamp.getTime() / 1000)
  const key = Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64')
  const signature = createHmac('sha256', key).update(`${id}.${seconds}.${body}`).digest('base64')
  return {
    'content-type': 'application/json',
    'webhook-id': id,
    'webhook-timestamp': String(seconds),
    'webhook-signature': `v1,${signature}`,
  }
}
