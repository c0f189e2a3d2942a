// Outbound webhooks (issue 42, decision 050): an organizer's endpoints hear of their own events, an admin's
// (scope SITE) of every public event. What happens becomes one delivery row per webhook (the queue and the log);
// delivery.ts sends them. Private and followers-only events never leave, nor do events a moderator rejected.
import { can, type Language, type Role, translateMessage, type Webhook, type WebhookEvent, WEBHOOK_LIMITS, type createWebhookBodySchema, type updateWebhookBodySchema, isMessageCode } from '#contract'
import type { Selectable } from 'kysely'
import type { z } from 'zod'
import type { AppContext } from '../../context'
import { type Db, nowIso } from '../../db'
import type { WebhooksTable } from '../../db/schema'
import type { Work } from '../../db/transaction'
import { newId } from '../../lib/crypto'
import { HttpError, validationError } from '../../lib/errors'
import { toEventDtos } from '../events/dto'
import { urlProblem } from '../../lib/outbound-fetch'
import { toUserSummary } from '../users/dto'
import { newMessageId, newSecret } from './signing'

export interface WebhookViewer {
  id: string
  role: Role
}

type WebhookRow = Selectable<WebhooksTable>
type CreateWebhook = z.output<typeof createWebhookBodySchema>
type UpdateWebhook = z.output<typeof updateWebhookBodySchema>

export function toWebhookDto(row: WebhookRow, language: Language): Webhook {
  return {
    id: row.id,
    url: row.url,
    events: JSON.parse(row.events) as WebhookEvent[],
    scope: row.scope as Webhook['scope'],
    description: row.description,
    enabled: row.disabled_at === null,
    disabledReason: row.disabled_reason ? (isMessageCode(row.disabled_reason) ? translateMessage(row.disabled_reason, language) : row.disabled_reason) : null,
    disabledAt: row.disabled_at,
    createdAt: row.created_at,
  }
}

export function createWebhooksService(ctx: AppContext, options: { kick?: () => void } = {}) {
  const { db } = ctx

  async function owned(id: string, viewer: WebhookViewer): Promise<WebhookRow> {
    const row = await db.selectFrom('webhooks').selectAll().where('id', '=', id).executeTakeFirst()
    // Someone else's webhook does not exist for the caller.
    if (!row || row.owner_id !== viewer.id) throw new HttpError(404, 'notFound')
    return row
  }

  /** Queues one message for each of these webhooks, in one statement; the worker is woken. Inside a write
   * transaction (`work`) the message is written by it, so it exists exactly when the change it tells of commits
   * (a crash right after the commit loses none), and the worker is woken after the commit. */
  async function enqueue(webhooks: Pick<WebhookRow, 'id'>[], type: string, data: unknown, work?: Work) {
    if (webhooks.length === 0) return
    const stamp = nowIso(ctx.now())
    await (work?.db ?? db)
      .insertInto('webhook_deliveries')
      .values(
        webhooks.map((webhook) => ({
          id: newMessageId(),
          webhook_id: webhook.id,
          event_type: type,
          payload: JSON.stringify({ type, timestamp: stamp, data }),
          status: 'PENDING',
          next_attempt_at: stamp,
          created_at: stamp,
        })),
      )
      .execute()
    const wake = options.kick
    if (!wake) return
    if (work) work.afterCommit(wake)
    else wake()
  }

  /** The enabled webhooks that want `type` for an event of `ownerId`: the owner's own, and every SITE one. */
  async function listeners(type: WebhookEvent, ownerId: string, q: Db = db): Promise<WebhookRow[]> {
    const rows = await q
      .selectFrom('webhooks')
      .selectAll()
      .where('disabled_at', 'is', null)
      .where((eb) => eb.or([eb('owner_id', '=', ownerId), eb('scope', '=', 'SITE')]))
      .execute()
    return rows.filter((row) => (row.scope === 'SITE' || row.owner_id === ownerId) && (JSON.parse(row.events) as string[]).includes(type))
  }

  /** An address Nearby would never send to (not https, a private one) is refused when it is given. */
  function assertSendable(url: string) {
    if (urlProblem(new URL(url), ctx.config.allowPrivateAddresses)) throw validationError({ url: ['addressNotPublic'] })
  }

  return {
    async list(viewer: WebhookViewer, language: Language): Promise<Webhook[]> {
      const rows = await db.selectFrom('webhooks').selectAll().where('owner_id', '=', viewer.id).orderBy('created_at', 'desc').orderBy('id').execute()
      return rows.map((row) => toWebhookDto(row, language))
    },

    async get(id: string, viewer: WebhookViewer, language: Language): Promise<Webhook> {
      return toWebhookDto(await owned(id, viewer), language)
    },

    /** A new webhook and, this once, its secret. */
    async create(body: CreateWebhook, viewer: WebhookViewer, language: Language): Promise<Webhook & { secret: string }> {
      const scope = body.scope ?? 'OWN'
      assertSendable(body.url)
      if (scope === 'SITE' && !can(viewer.role, 'moderate')) throw new HttpError(403, 'webhookSiteAdminsOnly')
      const count = await db.selectFrom('webhooks').select((eb) => eb.fn.countAll<number>().as('n')).where('owner_id', '=', viewer.id).executeTakeFirst()
      if (Number(count?.n ?? 0) >= WEBHOOK_LIMITS.perOwner) throw validationError({ url: ['webhookLimit'] })
      const stamp = nowIso(ctx.now())
      const row: WebhookRow = {
        id: newId(),
        owner_id: viewer.id,
        scope,
        url: body.url,
        events: JSON.stringify([...new Set(body.events)]),
        secret: newSecret(),
        description: body.description || null,
        disabled_at: null,
        disabled_reason: null,
        created_at: stamp,
        updated_at: stamp,
      }
      await db.insertInto('webhooks').values(row).execute()
      return { ...toWebhookDto(row, language), secret: row.secret }
    },

    async update(id: string, body: UpdateWebhook, viewer: WebhookViewer, language: Language): Promise<Webhook> {
      await owned(id, viewer)
      if (body.url !== undefined) assertSendable(body.url)
      await db
        .updateTable('webhooks')
        .set({
          ...(body.url !== undefined ? { url: body.url } : {}),
          ...(body.events !== undefined ? { events: JSON.stringify([...new Set(body.events)]) } : {}),
          ...(body.description !== undefined ? { description: body.description || null } : {}),
          ...(body.enabled === true ? { disabled_at: null, disabled_reason: null } : {}),
          ...(body.enabled === false ? { disabled_at: nowIso(ctx.now()), disabled_reason: null } : {}),
          updated_at: nowIso(ctx.now()),
        })
        .where('id', '=', id)
        .execute()
      return toWebhookDto(await owned(id, viewer), language)
    },

    async remove(id: string, viewer: WebhookViewer): Promise<void> {
      await owned(id, viewer)
      await db.deleteFrom('webhooks').where('id', '=', id).execute()
    },

    async deliveries(id: string, viewer: WebhookViewer) {
      await owned(id, viewer)
      const rows = await db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('webhook_id', '=', id)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(WEBHOOK_LIMITS.logSize)
        .execute()
      return rows.map((row) => ({
        id: row.id,
        eventType: row.event_type,
        status: row.status as 'PENDING' | 'DELIVERED' | 'FAILED',
        attempts: Number(row.attempts),
        responseStatus: row.response_status === null ? null : Number(row.response_status),
        responseMs: row.response_ms === null ? null : Number(row.response_ms),
        lastError: row.last_error,
        nextAttemptAt: row.status === 'PENDING' ? row.next_attempt_at : null,
        createdAt: row.created_at,
        finishedAt: row.finished_at,
      }))
    },

    /** POST /webhooks/{id}/test: a `webhook.test` message through the same queue and signing. */
    async test(id: string, viewer: WebhookViewer): Promise<void> {
      const row = await owned(id, viewer)
      await enqueue([row], 'webhook.test', { webhookId: row.id, message: 'This is a test from Nearby.' })
    },

    /** An event changed: its public object goes to the webhooks that want it (never a private one). */
    async eventChanged(type: Extract<WebhookEvent, `event.${string}`>, postId: string, work?: Work) {
      const q = work?.db ?? db
      const row = await q.selectFrom('posts').selectAll().where('id', '=', postId).executeTakeFirst()
      if (!row || row.access_type !== 'COMMON' || row.remote_object !== null) return
      const targets = await listeners(type, row.posted_by, q)
      if (targets.length === 0) return
      const deleted = row.post_status !== 'ACTIVE' || row.moderation_status === 'REJECTED'
      if (deleted && type !== 'event.deleted') return
      const data = deleted ? { _id: row.id } : (await toEventDtos(q, [row], null, ctx.config.publicUrl))[0]
      await enqueue(targets, type, data, work)
    },

    /** A calendar sync imported these events of one owner: one look for webhooks, then one batch of objects. */
    async eventsImported(ownerId: string, postIds: string[], work?: Work) {
      const q = work?.db ?? db
      const targets = await listeners('event.created', ownerId, q)
      if (targets.length === 0 || postIds.length === 0) return
      const rows = await q
        .selectFrom('posts')
        .selectAll()
        .where('id', 'in', postIds)
        .where('access_type', '=', 'COMMON')
        .where('post_status', '=', 'ACTIVE')
        .where('moderation_status', '!=', 'REJECTED')
        .where('remote_object', 'is', null)
        .execute()
      for (const event of await toEventDtos(q, rows, null, ctx.config.publicUrl)) await enqueue(targets, 'event.created', event, work)
    },

    /** Someone joined or left a public event: the event and the participant's public summary. */
    async participantChanged(type: 'participant.joined' | 'participant.left', postId: string, userId: string, work?: Work) {
      const q = work?.db ?? db
      const row = await q.selectFrom('posts').selectAll().where('id', '=', postId).executeTakeFirst()
      if (!row || row.access_type !== 'COMMON' || row.post_status !== 'ACTIVE' || row.moderation_status === 'REJECTED') return
      const targets = await listeners(type, row.posted_by, q)
      if (targets.length === 0) return
      const user = await q.selectFrom('users').select(['id', 'name', 'lastname', 'username', 'avatar_name', 'avatar_path']).where('id', '=', userId).executeTakeFirst()
      if (!user) return
      const [event] = await toEventDtos(q, [row], null, ctx.config.publicUrl)
      await enqueue(targets, type, { event, participant: toUserSummary(user, ctx.config.publicUrl) }, work)
    },
  }
}

export type WebhooksService = ReturnType<typeof createWebhooksService>
