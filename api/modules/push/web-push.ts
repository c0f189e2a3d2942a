// Web push (RFC 8030/8291/8292): web-push encrypts the payload (aes128gcm) for the subscription's keys and
// signs the VAPID JWT (ES256, aud = the push service's origin); the request itself goes through a
// transport (the outbound fetch by default; tests may inject another). web-push's own sender always speaks TLS,
// so it could not reach a plain-HTTP push service on loopback; with our transport the same code path serves
// production and tests. An endpoint is an address the browser chose: https:// on a public address only
// (the outbound fetch's rules, checked again at connection time), unless ALLOW_PRIVATE_ADDRESSES.
import { createOutboundFetch, urlProblem } from '../../lib/outbound-fetch'
import type { PushPayload } from '#contract'
import type { FastifyBaseLogger } from 'fastify'
import webpush from 'web-push'
import type { Config } from '../../config'

export interface PushRequest {
  endpoint: string
  headers: Record<string, string>
  body: Buffer | null
}
export interface PushResponse {
  statusCode: number
  body: string
}
export type PushTransport = (request: PushRequest) => Promise<PushResponse>

export interface PushTarget {
  endpoint: string
  p256dh: string
  auth: string
}

export interface WebPush {
  enabled: boolean
  publicKey: string | null
  /** Encrypts, signs and posts one message; answers the push service's status (2xx = accepted). */
  send(target: PushTarget, payload: PushPayload): Promise<PushResponse>
  /** null when the endpoint may be used, else why not. */
  endpointProblem(endpoint: string): string | null
}

/** Posts through the outbound fetch; a push service answers itself, so a redirect is not followed (a POST never is). */
function outboundTransport(config: Config): PushTransport {
  const outbound = createOutboundFetch({
    allowPrivate: config.allowPrivateAddresses,
    timeoutMs: config.webPush.timeoutMs,
    // A push service's answer is a status and a short reason.
    maxBytes: 64 * 1024,
    userAgent: 'Nearby/1.1.3',
  })
  return async (request) => {
    const res = await outbound(request.endpoint, {
      method: 'POST',
      headers: request.headers,
      body: request.body ? new Uint8Array(request.body) : undefined,
    })
    const body = await res.text().catch(() => '')
    return { statusCode: res.status, body: body.slice(0, 500) }
  }
}

export function createWebPush(config: Config, log: FastifyBaseLogger, transport?: PushTransport): WebPush {
  const { publicKey, privateKey, subject, ttlSeconds } = config.webPush
  const enabled = !!publicKey && !!privateKey
  if (!enabled)
    log.info('web push is off: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (npx web-push generate-vapid-keys) to turn it on')
  const send = transport ?? outboundTransport(config)

  function endpointProblem(endpoint: string): string | null {
    if (!URL.canParse(endpoint)) return 'not a URL'
    return urlProblem(new URL(endpoint), config.allowPrivateAddresses)
  }

  return {
    enabled,
    publicKey: enabled ? publicKey : null,
    endpointProblem,
    async send(target, payload) {
      if (!enabled || !publicKey || !privateKey) throw new Error('web push is off')
      const problem = endpointProblem(target.endpoint)
      if (problem) throw new Error(`push endpoint refused: ${problem}`)
      const details = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        JSON.stringify(payload),
        {
          vapidDetails: { subject, publicKey, privateKey },
          TTL: ttlSeconds,
          contentEncoding: 'aes128gcm',
          urgency: 'normal',
        },
      )
      const headers: Record<string, string> = {}
      // fetch sets Content-Length itself.
      for (const [k, v] of Object.entries(details.headers)) if (k.toLowerCase() !== 'content-length') headers[k.toLowerCase()] = String(v)
      return send({ endpoint: details.endpoint, headers, body: details.body })
    },
  }
}
