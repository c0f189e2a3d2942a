// Our people following remote actors: Follow and Undo sent in turn, and the origin's Accept or Reject kept.
import { randomUUID } from 'node:crypto'
import { Follow, Undo } from '@fedify/vocab'
import { nowIso } from '../db'
import { createTurns } from '../lib/turns'
import { actorIdentifier } from './actors'
import { contextOf, type FederationDeps } from './deps'
import type { Domains } from './domains'

export type Follows = ReturnType<typeof createFollows>

export function createFollows(deps: FederationDeps, { domainStatus }: Domains) {
  const { db, now } = deps

  /** A remote actor's row with where to deliver to it, when it is one and its server is not blocked. */
  async function reachable(remoteUserId: string) {
    const remote = await db
      .selectFrom('users')
      .select(['id', 'remote_actor', 'remote_inbox', 'remote_domain'])
      .where('id', '=', remoteUserId)
      .where('remote_actor', 'is not', null)
      .executeTakeFirst()
    if (!remote?.remote_actor || !remote.remote_inbox) return null
    return { ...remote, actor: remote.remote_actor, inbox: remote.remote_inbox }
  }
  const isBlockedDomain = async (domain: string | null) => (await domainStatus(domain ?? '')) === 'BLOCKED'
  const recipient = (remote: { actor: string; inbox: string }) => ({
    id: new URL(remote.actor),
    inboxId: new URL(remote.inbox),
    endpoints: null,
  })

  // A person's Follow and Undo of one account are sent one after the other, each for the state the follow is in
  // then (a quick follow and unfollow leaves nothing behind, a quick unfollow and follow leaves the follow).
  const inTurn = createTurns()
  const follows = async (userId: string, remoteUserId: string) =>
    !!(await db
      .selectFrom('follows')
      .select('follower_id')
      .where('follower_id', '=', userId)
      .where('followee_id', '=', remoteUserId)
      .executeTakeFirst())

  function sendFollow(userId: string, remoteUserId: string): Promise<void> {
    return inTurn(`${userId} ${remoteUserId}`, async () => {
      if (await follows(userId, remoteUserId)) await follow(userId, remoteUserId)
    })
  }

  function sendUndo(userId: string, remoteUserId: string): Promise<void> {
    return inTurn(`${userId} ${remoteUserId}`, async () => {
      if (!(await follows(userId, remoteUserId))) await undo(userId, remoteUserId)
    })
  }

  /** One of our people follows a remote actor (a `follows` row): its server hears a Follow. */
  async function follow(userId: string, remoteUserId: string): Promise<void> {
    const remote = await reachable(remoteUserId)
    if (!remote || (await isBlockedDomain(remote.remote_domain))) return
    const context = contextOf(deps)
    const identifier = actorIdentifier({ kind: 'user', id: userId })
    const followId = new URL(`${context.getActorUri(identifier).href}#follows/${randomUUID()}`)
    await db
      .insertInto('federation_following')
      .values({
        user_id: userId,
        actor: remote.actor,
        remote_user_id: remote.id,
        follow_id: followId.href,
        status: 'PENDING',
        created_at: nowIso(now()),
      })
      .onConflict((oc) =>
        oc.columns(['user_id', 'actor']).doUpdateSet({ follow_id: followId.href, status: 'PENDING' }),
      )
      .execute()
    await context.sendActivity(
      { identifier },
      recipient(remote),
      new Follow({ id: followId, actor: context.getActorUri(identifier), object: new URL(remote.actor) }),
    )
  }

  /** They stopped following: its server hears Undo of the Follow, and nothing more is delivered for them. */
  async function undo(userId: string, remoteUserId: string): Promise<void> {
    const remote = await reachable(remoteUserId)
    if (!remote) return
    const ours = db
      .selectFrom('federation_following')
      .where('user_id', '=', userId)
      .where('actor', '=', remote.actor)
    const row = await ours.select('follow_id').executeTakeFirst()
    if (!row) return
    await db
      .deleteFrom('federation_following')
      .where('user_id', '=', userId)
      .where('actor', '=', remote.actor)
      .execute()
    if (await isBlockedDomain(remote.remote_domain)) return
    const context = contextOf(deps)
    const identifier = actorIdentifier({ kind: 'user', id: userId })
    const actorUri = context.getActorUri(identifier)
    await context.sendActivity(
      { identifier },
      recipient(remote),
      new Undo({
        id: new URL(`${row.follow_id}/undo`),
        actor: actorUri,
        object: new Follow({ id: new URL(row.follow_id), actor: actorUri, object: new URL(remote.actor) }),
      }),
    )
  }

  /** The origin accepted (or rejected) one of our Follows: only the followed actor may answer it. */
  async function answered(followId: URL, by: URL, accepted: boolean): Promise<void> {
    const row = await db
      .selectFrom('federation_following')
      .select(['user_id', 'remote_user_id'])
      .where('follow_id', '=', followId.href)
      .where('actor', '=', by.href)
      .executeTakeFirst()
    if (!row) return
    if (accepted) {
      await db
        .updateTable('federation_following')
        .set({ status: 'ACCEPTED' })
        .where('follow_id', '=', followId.href)
        .execute()
      return
    }
    await db.deleteFrom('federation_following').where('follow_id', '=', followId.href).execute()
    await db
      .deleteFrom('follows')
      .where('follower_id', '=', row.user_id)
      .where('followee_id', '=', row.remote_user_id)
      .execute()
  }

  return { sendFollow, sendUndo, answered }
}
