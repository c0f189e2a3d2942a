// The API's domain events that make our events go out again (Create, Update, Delete).
//
// What the fediverse hears of changes in the API (decision 039): every change to an event, a moderator's
// decision on an event, a person or a group, a deletion, an account leaving or a person's switch makes the events
// concerned go out again as Create, Update or Delete. The sending runs after the response (it only enqueues
// deliveries; the queue does the rest), tracked so that closing the app waits for it.
import type { AppContext } from '../context'
import type { DomainEvent } from '../lib/domain-events'
import { actorIdentifier } from './actors'
import type { FederationService } from './index'

export function listenForFederation(ctx: AppContext, service: FederationService) {
  const pending = new Set<Promise<void>>()
  const track = (work: () => Promise<void>) => {
    const p: Promise<void> = work()
      .catch((err: unknown) => ctx.log.error({ err }, 'federation: could not send a change'))
      .finally(() => pending.delete(p))
    pending.add(p)
  }
  const publishedOf = async (authorId: string) =>
    (
      await ctx.db
        .selectFrom('federation_published')
        .select('post_id')
        .where('author_id', '=', authorId)
        .execute()
    ).map((r) => r.post_id)

  /** A person's or a group's public events that have not ended: what a switch or a restore may send again. */
  const upcomingPublic = async (column: 'posted_by' | 'group_id', id: string) =>
    (
      await ctx.db
        .selectFrom('posts')
        .select('id')
        .where(column, '=', id)
        .where('event_type', '=', 'EVENT')
        .where('access_type', '=', 'COMMON')
        .where('post_status', '=', 'ACTIVE')
        .where('ends_at', '>=', new Date(ctx.now()).toISOString())
        .execute()
    ).map((r) => r.id)

  async function react(event: DomainEvent) {
    switch (event.type) {
      case 'newPost':
      case 'updatePost':
      case 'eventCancelled':
      case 'eventMoved':
      case 'postRemoved':
      case 'postPhotosChanged':
        return service.syncEvents([event.postId])
      case 'postsImported':
        return service.syncEvents(event.postIds)
      case 'moderation':
        // The target is an event or a person: a person's events follow their account's state.
        return service.syncEvents([event.targetId, ...(await publishedOf(event.targetId))])
      case 'federationSwitch':
        return service.syncEvents([...new Set([...(await publishedOf(event.userFrom)), ...(await upcomingPublic('posted_by', event.userFrom))])])
      case 'accountGone':
        return service.accountGone(event.userFrom, event.purged)
      case 'groupChanged': {
        // What it sent (now to be taken back, or to go out from their organizers) and what it may send again.
        const identifier = actorIdentifier({ kind: 'group', id: event.groupId })
        const [sent, upcoming] = await Promise.all([
          ctx.db.selectFrom('federation_published').select('post_id').where('actor', '=', identifier).execute(),
          upcomingPublic('group_id', event.groupId),
        ])
        await service.syncEvents([...new Set([...sent.map((r) => r.post_id), ...upcoming])])
        if (event.gone) await service.actorGone(identifier)
        return undefined
      }
      // Following a remote actor (decision 040): its server hears Follow, and Undo when it ends.
      case 'follow':
        return service.follows.sendFollow(event.userFrom, event.followeeId)
      case 'unfollow':
        return service.follows.sendUndo(event.userFrom, event.followeeId)
      default:
        return undefined
    }
  }

  const off = ctx.domainEvents.on((event, work) => {
    if (work) work.afterCommit(() => track(() => react(event)))
    else track(() => react(event))
  })
  return {
    /** Waits for the changes being sent (tests; closing the app). */
    async flush() {
      while (pending.size) await Promise.allSettled([...pending])
    },
    stop: off,
  }
}
