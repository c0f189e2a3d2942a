// What happens in the API, as webhook messages (issue 42): each domain event becomes the webhook event it means.
// A domain event emitted inside a write transaction is queued by that transaction (decision 032): the message is
// there exactly when the change commits — never one for a rollback, none lost to a crash after the commit.
import type { AppContext } from '../../context'
import type { Work } from '../../db/transaction'
import type { DomainEvent } from '../../lib/domain-events'
import type { WebhooksService } from './service'

export function listenForWebhooks(ctx: AppContext, webhooks: WebhooksService): () => void {
  async function react(event: DomainEvent, work?: Work) {
    switch (event.type) {
      case 'newPost':
        return webhooks.eventChanged('event.created', event.postId, work)
      case 'postsImported':
        // A calendar's batch: nothing is read per event unless someone has a webhook for it.
        return webhooks.eventsImported(event.userFrom, event.postIds, work)
      case 'updatePost':
      case 'eventMoved':
      case 'postPhotosChanged':
        return webhooks.eventChanged('event.updated', event.postId, work)
      case 'eventCancelled':
        return webhooks.eventChanged('event.cancelled', event.postId, work)
      case 'postRemoved':
        return webhooks.eventChanged('event.deleted', event.postId, work)
      case 'moderation': {
        // A moderator rejected or deleted a post: for the webhooks it is gone.
        const post = await (work?.db ?? ctx.db).selectFrom('posts').select(['id', 'post_status', 'moderation_status']).where('id', '=', event.targetId).executeTakeFirst()
        if (post && (post.post_status !== 'ACTIVE' || post.moderation_status === 'REJECTED')) return webhooks.eventChanged('event.deleted', post.id, work)
        return
      }
      case 'newParticipate':
        return webhooks.participantChanged('participant.joined', event.postId, event.userFrom, work)
      case 'participantLeft':
        return webhooks.participantChanged('participant.left', event.postId, event.userFrom, work)
      default:
        return
    }
  }
  return ctx.domainEvents.on((event, work) => {
    // Inside a transaction a failure fails the unit, which rolls back (the caller answers with its error).
    if (work) return react(event, work)
    return react(event).catch((err) => ctx.log.error({ err, event: event.type }, 'webhooks: queueing failed'))
  })
}
