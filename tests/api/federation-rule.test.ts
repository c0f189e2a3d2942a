// "May this event federate" is one rule with its SQL twin (issue 40): isFederatable with the author's actor row
// (what is sent, one event at a time) and federatablePosts (what an outbox lists) agree on every kind of event and
// every state of its author, on SQLite and PostgreSQL.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createActorRows } from '../../api/federation/actors'
import { federatablePosts, isFederatable } from '../../api/federation/objects'
import { createEvent, makeUser } from './events-fixtures'
import { startTestApi, type TestApi } from './helpers'

let api: TestApi

beforeAll(async () => {
  api = await startTestApi()
})
afterAll(async () => {
  await api?.close()
})

it('the outbox query and the one-event rule agree on events and authors of every kind', async () => {
  const db = api.app.ctx.db
  const authorStates: Record<string, Record<string, unknown>> = {
    active: {},
    disabled: { disabled_at: new Date().toISOString() },
    leaving: { deletion_requested_at: new Date().toISOString() },
    rejected: { moderation_status: 'REJECTED' },
    notFederating: { federate_events: 0 },
  }
  const postStates: Record<string, Record<string, unknown>> = {
    public: {},
    private: { access_type: 'PRIVATE' },
    followers: { access_type: 'SUBSCRIBERS' },
    rejected: { moderation_status: 'REJECTED' },
    deleted: { post_status: 'DELETED' },
    place: { event_type: 'PLACE' },
  }
  const ids: string[] = []
  for (const author of Object.values(authorStates)) {
    const person = await makeUser(api)
    for (const post of Object.values(postStates)) {
      const event = await createEvent(api, person.token)
      if (Object.keys(post).length) await db.updateTable('posts').set(post).where('id', '=', event._id).execute()
      ids.push(event._id)
    }
    if (Object.keys(author).length) await db.updateTable('users').set(author).where('id', '=', person.id).execute()
  }

  const bySql = new Set(
    (
      await db
        .selectFrom('posts')
        .innerJoin('users', 'users.id', 'posts.posted_by')
        .select('posts.id')
        .where('posts.id', 'in', ids)
        .where(federatablePosts())
        .execute()
    ).map((r) => r.id),
  )
  const actors = createActorRows(db)
  const byRule = new Set<string>()
  for (const row of await db.selectFrom('posts').selectAll().where('id', 'in', ids).execute()) {
    const author = await actors.user(row.posted_by)
    if (isFederatable(row) && author && author.federate_events) byRule.add(row.id)
  }
  // Only the public events of the active, federating author go out, by either reading.
  expect(byRule.size).toBe(1)
  expect([...bySql].sort()).toEqual([...byRule].sort())
})
