// Push subscriptions of users (POST/DELETE /push/web) and sending one payload to all of a user's devices.
// A subscription belongs to the caller (bearer token), never to a user id from the body; the same endpoint
// sent again (another account signed in on that browser) moves to the new caller.
import type { PushPayload, PushSubscriptionInput } from '#contract'
import type { AppContext } from '../../context'
import { nowIso } from '../../db'
import { newId } from '../../lib/crypto'
import { HttpError } from '../../lib/errors'

/** Devices kept per user; the least recently (re)subscribed ones go first. */
export const MAX_SUBSCRIPTIONS_PER_USER = 20
/** Requests to push services in flight at once per delivery batch. */
const CONCURRENCY = 8

export function createPushService(ctx: AppContext) {
  const { db, webPush, log } = ctx

  async function prune(userId: string) {
    const rows = await db
      .selectFrom('push_subscriptions')
      .select('id')
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(MAX_SUBSCRIPTIONS_PER_USER)
      .limit(1000)
      .execute()
    if (rows.length)
      await db
        .deleteFrom('push_subscriptions')
        .where(
          'id',
          'in',
          rows.map((r) => r.id),
        )
        .execute()
  }

  /** Sends to one subscription; 404/410 from the push service removes it, other failures are logged. */
  async function sendOne(sub: { id: string; user_id: string; endpoint: string; p256dh: string; auth: string }, payload: PushPayload) {
    try {
      const res = await webPush.send(sub, payload)
      if (res.statusCode === 404 || res.statusCode === 410) {
        await db.deleteFrom('push_subscriptions').where('id', '=', sub.id).execute()
        log.info({ userId: sub.user_id, status: res.statusCode }, 'push subscription gone: removed')
      } else if (res.statusCode < 200 || res.statusCode >= 300) {
        log.warn({ userId: sub.user_id, status: res.statusCode, body: res.body }, 'push service refused a message')
      }
    } catch (err) {
      log.warn({ userId: sub.user_id, err: (err as Error).message }, 'push failed')
    }
  }

  return {
    async subscribe(userId: string, input: PushSubscriptionInput) {
      const problem = webPush.endpointProblem(input.endpoint)
      if (problem) throw new HttpError(400, 'validationFailed', { 'subscription.endpoint': ['pushSubscriptionInvalid'] })
      const now = nowIso()
      await db
        .insertInto('push_subscriptions')
        .values({ id: newId(), user_id: userId, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth, created_at: now })
        .onConflict((oc) =>
          oc.column('endpoint').doUpdateSet({ user_id: userId, p256dh: input.keys.p256dh, auth: input.keys.auth, created_at: now }),
        )
        .execute()
      await prune(userId)
      const row = await db
        .selectFrom('push_subscriptions')
        .select(['id', 'endpoint', 'user_id', 'created_at'])
        .where('endpoint', '=', input.endpoint)
        .executeTakeFirstOrThrow()
      return { _id: row.id, endpoint: row.endpoint, userId: row.user_id, createdAt: row.created_at }
    },

    async unsubscribe(userId: string, endpoint: string) {
      const res = await db
        .deleteFrom('push_subscriptions')
        .where('endpoint', '=', endpoint)
        .where('user_id', '=', userId)
        .executeTakeFirst()
      if (Number(res.numDeletedRows) === 0) throw new HttpError(404, 'notFound')
      return { endpoint, deleted: true as const }
    },

    /** Sends each user's payload to all of that user's subscriptions (nothing when web push is off). */
    async sendToUsers(payloads: Map<string, PushPayload>): Promise<void> {
      if (!webPush.enabled || payloads.size === 0) return
      const userIds = [...payloads.keys()]
      const subs: { id: string; user_id: string; endpoint: string; p256dh: string; auth: string }[] = []
      for (let i = 0; i < userIds.length; i += 500) {
        subs.push(
          ...(await db
            .selectFrom('push_subscriptions')
            .select(['id', 'user_id', 'endpoint', 'p256dh', 'auth'])
            .where('user_id', 'in', userIds.slice(i, i + 500))
            .execute()),
        )
      }
      let next = 0
      const worker = async () => {
        while (next < subs.length) {
          const sub = subs[next++]
          const payload = sub && payloads.get(sub.user_id)
          if (sub && payload) await sendOne(sub, payload)
        }
      }
      await Promise.all(Array.from({ length: Math.min(CONCURRENCY, subs.length) }, worker))
    },
  }
}

export type PushService = ReturnType<typeof createPushService>
