// One app's webhooks (decision 050): its calls and its delivery worker, made once when the app is built (app.ts),
// found by the routes and started with the jobs (main.ts).
import type { AppContext } from '../../context'
import { createWebhookDelivery, type WebhookDelivery } from './delivery'
import { listenForWebhooks } from './listener'
import { createWebhooksService, type WebhooksService } from './service'

export interface Webhooks {
  service: WebhooksService
  delivery: WebhookDelivery
  /** Stops hearing domain events and stops the worker. */
  close(): Promise<void>
}

const byApp = new WeakMap<AppContext, Webhooks>()

export function setUpWebhooks(ctx: AppContext): Webhooks {
  const delivery = createWebhookDelivery(ctx)
  const service = createWebhooksService(ctx, { kick: delivery.kick })
  const stopListening = listenForWebhooks(ctx, service)
  const webhooks: Webhooks = {
    service,
    delivery,
    async close() {
      stopListening()
      await delivery.stop()
    },
  }
  byApp.set(ctx, webhooks)
  return webhooks
}

/** The app's webhooks (set up by app.ts). */
export function webhooksOf(ctx: AppContext): Webhooks {
  const webhooks = byApp.get(ctx)
  if (!webhooks) throw new Error('webhooks are not set up for this app')
  return webhooks
}
