// What happens in the API, as webhook messages (issue 42): each domain event becomes the webhook event it means.
// A domain event emitted inside a write transaction is queued once it commits (never a message for a rollback).
import type { AppContext } from '../../context'
import type { DomainEvent } from '../../lib/domain-events'
import type { WebhooksService } from './service'

export function listenForWebhooks(ctx: AppContext, webhooks: WebhooksService): () => void {
  async function react(event: DomainEvent) {
    switch (event.type) {
      case 'newPost':
        return webhooks.eventChanged('event.created', event.postId)
      case 'postsImported':
        // A calendar's batch: nothing is read per event unless someone has a webhook for it.
        return webhooks.eventsImported(event.userFrom, event.postIds)
      case 'updatePost':
      case 'eventMoved':
      case 'postPhotosChanged':
        return webhooks.eventChanged('event.updated', event.postId)
      case 'eventCancelled':
        return webhooks.eventChanged('event.cancelled', event.postId)
      case 'postRemoved':
        return webhooks.eventChanged('event.deleted', event.postId)
      case 'moderation': {
        // A moderator rejected or deleted a post: for the webhooks it is gone.
        const post = await ctx.db.selectFrom('posts').select(['id', 'post_status', 'moderation_status']).where('id', '=', event.targetId).executeTakeFirst()
        if (post && (post.post_status !== 'ACTIVE' || post.moderation_status === 'REJECTED')) return webhooks.eventChanged('event.deleted', post.id)
        return
      }
      case 'newParticipate':
        return webhooks.participantChanged('participant.joined', event.postId, event.userFrom)
      case 'participantLeft':
        return webhooks.participantChanged('participant.left', event.postId, event.userFrom)
      default:
        return
    }
  }
  return ctx.domainEvents.on((event, work) => {
    if (work) {
      work.afterCommit(() => void react(event).catch((err) => ctx.log.error({ err, event: event.type }, 'webhooks: queueing failed')))
      return
    }
    return react(event).catch((err) => ctx.log.error({ err, event: event.type }, 'webhooks: queueing failed'))
  })
}
