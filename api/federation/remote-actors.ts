// Remote actors as we keep them: a `users` row without credentials (remote_actor = its id), found by handle.
import { randomUUID } from 'node:crypto'
import { type Actor, isActor, Link, lookupObject } from '@fedify/vocab'
import { isUniqueViolation, nowIso } from '../db'
import { HttpError } from '../lib/errors'
import { urlProblem } from '../lib/outbound-fetch'
import { domainOf, type FederationDeps } from './deps'
import type { Domains } from './domains'
import { remoteHtmlToText, text } from './sanitize'

export type RemoteActors = ReturnType<typeof createRemoteActors>

export function createRemoteActors(
  { db, now, origin, allowPrivate, loader }: FederationDeps,
  { domainStatus }: Domains,
  actorUrlOf: (handle: string) => Promise<URL>,
) {
  const idOf = async (actorId: URL | string) =>
    (
      await db
        .selectFrom('users')
        .select('id')
        .where('remote_actor', '=', typeof actorId === 'string' ? actorId : actorId.href)
        .executeTakeFirst()
    )?.id

  /** A remote actor's row, made or brought up to date from its document; null for our own actors. */
  async function storeActor(actor: Actor): Promise<string | null> {
    const actorId = actor.id
    if (!actorId || !actor.inboxId || actorId.origin === new URL(origin).origin) return null
    const domain = domainOf(actorId)
    // A name that could read as another handle (`a@b`), or is long or odd, is not used: the actor is named by its id.
    const preferred = text(actor.preferredUsername)
    const handle = /^[\w.-]{1,64}$/.test(preferred) ? `${preferred}@${actorId.host}`.toLowerCase() : null
    const name = (text(actor.name) || handle || domain).replace(/\s+/g, ' ').trim().slice(0, 50)
    const pageUrl = actor.url instanceof URL ? actor.url : actor.url instanceof Link ? actor.url.href : null
    const sharedInbox = actor.endpoints?.sharedInbox ?? null
    const columns = {
      name,
      user_bio: remoteHtmlToText(text(actor.summary)).slice(0, 1000) || null,
      remote_domain: domain,
      remote_url: pageUrl && /^https?:$/.test(pageUrl.protocol) ? pageUrl.href : actorId.href,
      remote_inbox: actor.inboxId.href,
      remote_shared_inbox: sharedInbox && !urlProblem(sharedInbox, allowPrivate) ? sharedInbox.href : null,
      updated_at: nowIso(now()),
    }
    const existing = await idOf(actorId)
    if (existing) {
      await db.updateTable('users').set(columns).where('id', '=', existing).execute()
      return existing
    }
    const id = randomUUID()
    // A handle two actors share (a server renamed one) keeps the first; the other is named by its id.
    const taken =
      handle && (await db.selectFrom('users').select('id').where('username', '=', handle).executeTakeFirst())
    const insert = (username: string) =>
      db
        .insertInto('users')
        .values({
          id,
          email: null,
          password_hash: null,
          google_sub: null,
          lastname: '',
          username,
          role: 'user',
          moderation_status: 'PENDING',
          moderation_image_status: 'PENDING',
          is_activated: 1,
          locale: 'en',
          // A remote actor's events are its server's to publish, never ours.
          federate_events: 0,
          remote_actor: actorId.href,
          created_at: columns.updated_at,
          ...columns,
        })
        .onConflict((oc) => oc.column('remote_actor').doNothing())
        .execute()
    try {
      await insert(handle && !taken ? handle : `${id}@${domain}`)
    } catch (error) {
      // The same new actor stored at once by another arrival (its row is found below), or its handle just taken.
      if (!isUniqueViolation(error)) throw error
      const again = await idOf(actorId)
      if (again) return again
      await insert(`${id}@${domain}`)
    }
    return (await idOf(actorId))!
  }

  /** Finds (and keeps) the actor a handle names: its row's id. */
  async function resolveHandle(handle: string): Promise<string> {
    const actorUrl = await actorUrlOf(handle)
    if ((await domainStatus(domainOf(actorUrl))) === 'BLOCKED')
      throw new HttpError(403, 'remoteDomainBlocked', { handle: ['remoteDomainBlocked'] })
    let actor: unknown
    try {
      actor = await lookupObject(actorUrl, { documentLoader: loader, contextLoader: loader })
    } catch {
      throw new HttpError(422, 'remoteActorUnreachable', { handle: ['remoteActorUnreachable'] })
    }
    if (!isActor(actor) || actor.id?.href !== actorUrl.href)
      throw new HttpError(404, 'remoteAccountNotFound', { handle: ['remoteAccountNotFound'] })
    const id = await storeActor(actor)
    if (!id) throw new HttpError(400, 'remoteHandleInvalid', { handle: ['remoteHandleInvalid'] })
    return id
  }

  /** The followed actor's row, when one of our people follows it and its server is not blocked. */
  async function followedActor(actorId: URL) {
    const row = await db
      .selectFrom('users')
      .select(['id', 'remote_domain'])
      .where('remote_actor', '=', actorId.href)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('federation_following as f')
            .select('f.user_id')
            .whereRef('f.remote_user_id', '=', 'users.id'),
        ),
      )
      .executeTakeFirst()
    if (!row || (await domainStatus(row.remote_domain ?? '')) === 'BLOCKED') return null
    return row
  }

  /** Whether an actor is one we keep (someone here follows it, or it is known at all): before anything is fetched for it. */
  async function knownActor(actorId: URL): Promise<{ followed: boolean } | null> {
    if (!(await idOf(actorId))) return null
    return { followed: !!(await followedActor(actorId)) }
  }

  /** A remote actor deleted itself: its events leave, and our people no longer follow it. */
  async function actorGone(actorId: URL): Promise<void> {
    const id = await idOf(actorId)
    if (!id) return
    await db
      .updateTable('posts')
      .set({ post_status: 'DELETED', updated_at: nowIso(now()) })
      .where('posted_by', '=', id)
      .where('post_status', '=', 'ACTIVE')
      .execute()
    await db.deleteFrom('federation_following').where('remote_user_id', '=', id).execute()
    await db.deleteFrom('follows').where('followee_id', '=', id).execute()
  }

  return { storeActor, resolveHandle, followedActor, knownActor, actorGone }
}
