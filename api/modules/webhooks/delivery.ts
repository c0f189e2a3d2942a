// The webhook delivery worker (decision 050): every instance polls the queue each second (and at once when it
// queued something itself), claims due deliveries under a lease with one conditional UPDATE that only one
// instance wins, and posts each through the outbound fetch, signed (signing.ts). A 2xx answer delivers it; else it
// is retried on the Standard Webhooks schedule (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h: about a day), then failed.
// A webhook that delivered nothing for a day when a message fails for good is turned off and its owner is mailed.
// An instance killed mid-send leaves the lease to lapse: the message is sent again with the same webhook-id.
import { randomUUID } from 'node:crypto'
import { WEBHOOK_LIMITS, languageOr } from '#contract'
import type { AppContext } from '../../context'
import { nowIso } from '../../db'
import { createOutboundFetch } from '../../lib/outbound-fetch'
import { webhookDisabledMail } from '../../mail/templates'
import { signedHeaders } from './signing'

/** Seconds to wait after each failed attempt; past the last, the message has failed. */
export const RETRY_SCHEDULE_SECONDS = [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 10 * 3600]
const BATCH = 10
const POLL_MS = 1_000
const DAY_MS = 86_400_000

export function createWebhookDelivery(ctx: AppContext, options: { pollMs?: number; instanceId?: string } = {}) {
  const { db } = ctx
  const instanceId = options.instanceId ?? randomUUID()
  const outbound = createOutboundFetch({
    allowPrivate: ctx.config.allowPrivateAddresses,
    timeoutMs: 15_000,
    maxBytes: 64 * 1024,
    maxRedirects: 0,
    userAgent: `Nearby/1.1.3 (webhooks; +${ctx.config.publicUrl})`,
  })
  let timer: NodeJS.Timeout | null = null
  let running: Promise<number> | null = null
  let again = false
  let stopped = false

  /** Takes up to BATCH due deliveries for this instance; two instances never take the same one. */
  async function claim() {
    const now = ctx.now()
    const leaseUntil = nowIso(new Date(now.getTime() + ctx.config.webhookLeaseSeconds * 1000))
    const due = await db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('status', '=', 'PENDING')
      .where('next_attempt_at', '<=', nowIso(now))
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', nowIso(now))]))
      .orderBy('next_attempt_at')
      .limit(BATCH)
      .execute()
    if (due.length === 0) return []
    await db
      .updateTable('webhook_deliveries')
      .set({ lease_owner: instanceId, lease_until: leaseUntil })
      .where('id', 'in', due.map((d) => d.id))
      .where('status', '=', 'PENDING')
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', nowIso(now))]))
      .execute()
    return db
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhooks as w', 'w.id', 'd.webhook_id')
      .select(['d.id', 'd.payload', 'd.attempts', 'd.webhook_id', 'w.url', 'w.secret', 'w.disabled_at', 'w.owner_id'])
      .where('d.lease_owner', '=', instanceId)
      .where('d.lease_until', '=', leaseUntil)
      .where('d.status', '=', 'PENDING')
      .execute()
  }

  async function send(delivery: Awaited<ReturnType<typeof claim>>[number]) {
    const started = Date.now()
    let status: number | null = null
    let error: string | null = null
    // A webhook turned off meanwhile sends nothing; its messages wait until it is on again.
    if (delivery.disabled_at !== null) {
      await db.updateTable('webhook_deliveries').set({ lease_owner: null, lease_until: null, next_attempt_at: nowIso(new Date(ctx.now().getTime() + 3600_000)) }).where('id', '=', delivery.id).execute()
      return
    }
    try {
      const response = await outbound(delivery.url, {
        method: 'POST',
        // The wall clock, not the app's: receivers refuse a timestamp far from their own time (replays).
        headers: signedHeaders(delivery.secret, delivery.id, new Date(), delivery.payload),
        body: delivery.payload,
      })
      status = response.status
      if (!response.ok) error = (await response.text().catch(() => '')).slice(0, WEBHOOK_LIMITS.answerMax) || `HTTP ${response.status}`
    } catch (err) {
      error = (err as Error).message.slice(0, WEBHOOK_LIMITS.answerMax)
    }
    const ms = Date.now() - started
    const attempts = Number(delivery.attempts) + 1
    const now = ctx.now()
    if (error === null) {
      await db
        .updateTable('webhook_deliveries')
        .set({ status: 'DELIVERED', attempts, response_status: status, response_ms: ms, last_error: null, lease_owner: null, lease_until: null, finished_at: nowIso(now) })
        .where('id', '=', delivery.id)
        .execute()
      return
    }
    const wait = RETRY_SCHEDULE_SECONDS[attempts - 1]
    await db
      .updateTable('webhook_deliveries')
      .set({
        status: wait === undefined ? 'FAILED' : 'PENDING',
        attempts,
        response_status: status,
        response_ms: ms,
        last_error: error,
        lease_owner: null,
        lease_until: null,
        next_attempt_at: nowIso(new Date(now.getTime() + (wait ?? 0) * 1000)),
        finished_at: wait === undefined ? nowIso(now) : null,
      })
      .where('id', '=', delivery.id)
      .execute()
    if (wait === undefined) await disableIfDead(delivery.webhook_id, delivery.owner_id)
  }

  /** A message failed for good: a webhook that delivered nothing in the last day is turned off, its owner told. */
  async function disableIfDead(webhookId: string, ownerId: string) {
    const since = nowIso(new Date(ctx.now().getTime() - DAY_MS))
    const delivered = await db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('webhook_id', '=', webhookId)
      .where('status', '=', 'DELIVERED')
      .where('finished_at', '>=', since)
      .executeTakeFirst()
    if (delivered) return
    const turnedOff = await db
      .updateTable('webhooks')
      .set({ disabled_at: nowIso(ctx.now()), disabled_reason: 'webhookDisabledFailing', updated_at: nowIso(ctx.now()) })
      .where('id', '=', webhookId)
      .where('disabled_at', 'is', null)
      .returning(['url'])
      .executeTakeFirst()
    if (!turnedOff) return
    const owner = await db.selectFrom('users').select(['email', 'name', 'locale']).where('id', '=', ownerId).executeTakeFirst()
    if (owner?.email)
      ctx.sendMail({ to: owner.email, ...webhookDisabledMail(languageOr(owner.locale), owner.name, turnedOff.url, `${ctx.config.webUrl}/admin/profile/settings/webhooks`) })
  }

  /** One pass: claims and sends until nothing is due; answers how many were sent. */
  async function runOnce(): Promise<number> {
    let sent = 0
    for (;;) {
      const batch = await claim()
      if (batch.length === 0) return sent
      await Promise.all(batch.map((delivery) => send(delivery)))
      sent += batch.length
      if (stopped) return sent
    }
  }

  /** Runs a pass now, or right after the one in progress. */
  function kick() {
    if (stopped) return
    if (running) {
      again = true
      return
    }
    running = runOnce()
      .catch((err) => {
        ctx.log.error({ err }, 'webhooks: a delivery pass failed')
        return 0
      })
      .finally(() => {
        running = null
        if (again) {
          again = false
          kick()
        }
      })
  }

  return {
    instanceId,
    kick,
    runOnce,
    start() {
      stopped = false
      timer = setInterval(kick, options.pollMs ?? POLL_MS)
      timer.unref()
    },
    async stop() {
      stopped = true
      if (timer) clearInterval(timer)
      timer = null
      await running
      await outbound.close()
    },
  }
}

export type WebhookDelivery = ReturnType<typeof createWebhookDelivery>
