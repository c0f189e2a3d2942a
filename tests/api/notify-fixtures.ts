// Fixtures of the invitations, notifications, realtime and push tests: follows inserted directly (the follow
// endpoint is built in parallel), notification rows read from the database, polling.
import type { TestApi } from './helpers'
import { send, type TestUser } from './events-fixtures'

export async function follow(api: TestApi, follower: { id: string }, followee: { id: string }) {
  await api.app.ctx.db
    .insertInto('follows')
    .values({ follower_id: follower.id, followee_id: followee.id, created_at: new Date().toISOString() })
    .onConflict((oc) => oc.columns(['follower_id', 'followee_id']).doNothing())
    .execute()
}

/**
 * A follow as a client makes it: PUT /profile/{id}/follow once that route exists (api/modules/profile, built
 * in parallel), until then the follows row plus the `follow` domain event the profile module will emit.
 */
export async function followThroughApi(api: TestApi, follower: TestUser, followee: { id: string }) {
  if (api.app.hasRoute({ method: 'PUT', url: '/profile/:id/follow' })) {
    const res = await send(api, 'PUT', `/profile/${followee.id}/follow`, { token: follower.token })
    if (res.status !== 200) throw new Error(`follow failed: ${res.status} ${res.text}`)
    return
  }
  await follow(api, follower, followee)
  await api.app.ctx.domainEvents.emit({ type: 'follow', userFrom: follower.id, followeeId: followee.id })
}

export async function notificationsOf(api: TestApi, userId: string) {
  return api.app.ctx.db
    .selectFrom('notifications')
    .selectAll()
    .where('recipient_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute()
}

export async function allNotifications(api: TestApi) {
  return api.app.ctx.db.selectFrom('notifications').selectAll().execute()
}

export async function waitFor<T>(
  probe: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  what: string,
  timeoutMs = 5000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await probe()
    if (value) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 25))
  }
}
