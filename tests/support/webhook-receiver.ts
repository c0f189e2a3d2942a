// A webhook receiver on loopback, as an integrator would write one: it verifies every message with the published
// Standard Webhooks library (not our signing code), keeps each message once by its webhook-id, and can be told to
// fail (HTTP 500) its next few requests, or every one, or to take its time over each answer.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { Webhook } from 'standardwebhooks'

export interface ReceivedMessage {
  id: string
  type: string
  body: { type: string; timestamp: string; data: Record<string, unknown> }
}

export interface WebhookReceiver {
  url: string
  /** Set once the webhook's secret is known (from POST /webhooks). */
  secret: string | null
  /** Verified messages, each webhook-id once, in arrival order. */
  messages: ReceivedMessage[]
  /** Every request's webhook-id and the status answered (retries included). */
  attempts: { id: string; status: number }[]
  /** Requests whose signature did not verify. */
  refused: number
  /** Fail this many next requests with 500 (Infinity: all). */
  failNext: number
  /** Milliseconds to wait before each answer. */
  delayMs: number
  /** Requests being answered now. */
  inFlight: number
  close(): Promise<void>
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const state: WebhookReceiver = { url: '', secret: null, messages: [], attempts: [], refused: 0, failNext: 0, delayMs: 0, inFlight: 0, close: async () => undefined }
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    state.inFlight++
    res.on('close', () => state.inFlight--)
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => (state.delayMs > 0 ? setTimeout(answer, state.delayMs) : answer()))
    function answer() {
      const body = Buffer.concat(chunks).toString('utf8')
      const id = String(req.headers['webhook-id'] ?? '')
      if (state.failNext > 0) {
        state.failNext--
        state.attempts.push({ id, status: 500 })
        return res.writeHead(500).end('not now')
      }
      let payload: ReceivedMessage['body']
      try {
        payload = new Webhook(state.secret ?? '').verify(body, req.headers as Record<string, string>) as ReceivedMessage['body']
      } catch {
        state.refused++
        state.attempts.push({ id, status: 401 })
        return res.writeHead(401).end('bad signature')
      }
      state.attempts.push({ id, status: 204 })
      if (!state.messages.some((m) => m.id === id)) state.messages.push({ id, type: payload.type, body: payload })
      res.writeHead(204).end()
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()))
  return state
}
