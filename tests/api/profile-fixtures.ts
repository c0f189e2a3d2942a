// Fixtures of the profile tests: the own-profile edit, users' columns and follows written directly, for an API
// the test file starts itself (the getter reads it once the file's beforeAll has run).
import { send } from './events-fixtures'
import type { TestApi } from './helpers'

export function profileFixtures(getApi: () => TestApi) {
  const db = () => getApi().app.ctx.db
  return {
    db,
    /** PATCH /profile/my with a JSON body. */
    patch: (token: string | undefined, body: unknown, lang?: string) =>
      send(getApi(), 'PATCH', '/profile/my', { token, json: body, lang }),
    async setUser(id: string, values: Record<string, unknown>) {
      await db().updateTable('users').set(values).where('id', '=', id).execute()
    },
    async insertFollow(followerId: string, followeeId: string, createdAt = new Date().toISOString()) {
      await db().insertInto('follows').values({ follower_id: followerId, followee_id: followeeId, created_at: createdAt }).execute()
    },
  }
}
