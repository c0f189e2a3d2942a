// The console's Fediverse tab: the servers we know, what each has here, and admins' decisions on them.
//
// The console's Fediverse tab (issue 26 part 2, decision 040): the servers we know (they follow our actors, our
// people follow theirs, they sent us something, or admins decided on them) with what each has here, and the
// admins' decisions: ALLOWED (its events within a city's radius show in that city's lists), SILENCED (only its
// actors' followers see them), BLOCKED (nothing in or out; what it had here leaves), each logged with a reason.
import type { DomainDecision, FederationInstance, FederationInstancesResponse } from '#contract'
import { sql } from 'kysely'
import type { AppContext } from '../context'
import { nowIso } from '../db'
import { writeLog } from '../modules/moderation/log'
import { forgetDomain } from './domains'

const PAGE_SIZE = 50

export function createInstancesService(ctx: AppContext) {
  const { db } = ctx

  async function describe(domains: string[]): Promise<FederationInstance[]> {
    if (domains.length === 0) return []
    const [decisions, followers, followed, events, heard] = await Promise.all([
      db.selectFrom('federation_domains').selectAll().where('domain', 'in', domains).execute(),
      db
        .selectFrom('federation_followers')
        .select(['domain', (eb) => eb.fn.count<number>('follower').distinct().as('n')])
        .where('domain', 'in', domains)
        .groupBy('domain')
        .execute(),
      db
        .selectFrom('users')
        .select(['remote_domain as domain', (eb) => eb.fn.countAll<number>().as('n')])
        .where('remote_domain', 'in', domains)
        .where((eb) =>
          eb.exists(eb.selectFrom('federation_following as f').select('f.user_id').whereRef('f.remote_user_id', '=', 'users.id')),
        )
        .groupBy('remote_domain')
        .execute(),
      db
        .selectFrom('posts')
        .select(['remote_domain as domain', (eb) => eb.fn.countAll<number>().as('n')])
        .where('remote_domain', 'in', domains)
        .where('post_status', '=', 'ACTIVE')
        .groupBy('remote_domain')
        .execute(),
      db.selectFrom('federation_instances').selectAll().where('domain', 'in', domains).execute(),
    ])
    const count = (rows: { domain: string | null; n: number | string }[], domain: string) =>
      Number(rows.find((r) => r.domain === domain)?.n ?? 0)
    return domains.map((domain) => {
      const decision = decisions.find((d) => d.domain === domain)
      return {
        domain,
        status: decision?.status ?? null,
        reason: decision?.reason ?? null,
        decidedAt: decision?.decided_at ?? null,
        followers: count(followers, domain),
        followedActors: count(followed, domain),
        remoteEvents: count(events, domain),
        lastReceivedAt: heard.find((h) => h.domain === domain)?.last_received_at ?? null,
      }
    })
  }

  return {
    /** Every server we know of, by name, a page at a time. */
    async list(page: number): Promise<FederationInstancesResponse> {
      const known = db
        .selectFrom('federation_domains')
        .select('domain')
        .union(db.selectFrom('federation_instances').select('domain'))
        .union(db.selectFrom('federation_followers').select('domain'))
        .union(db.selectFrom('users').select(sql<string>`remote_domain`.as('domain')).where('remote_domain', 'is not', null))
      const rows = await db
        .selectFrom(known.as('known'))
        .select('known.domain')
        .orderBy('known.domain')
        .limit(PAGE_SIZE + 1)
        .offset((page - 1) * PAGE_SIZE)
        .execute()
      return {
        instances: await describe(rows.slice(0, PAGE_SIZE).map((r) => r.domain)),
        page,
        pageSize: PAGE_SIZE,
        hasMore: rows.length > PAGE_SIZE,
      }
    },

    /** An admin's decision on a server (NONE clears it), logged with its reason; BLOCKED forgets what it had here. */
    async decide(domain: string, decision: DomainDecision, actorId: string): Promise<FederationInstance> {
      const now = nowIso(ctx.now())
      const previous = await db.selectFrom('federation_domains').select('status').where('domain', '=', domain).executeTakeFirst()
      const to = decision.status === 'NONE' ? null : decision.status
      if (to === null) await db.deleteFrom('federation_domains').where('domain', '=', domain).execute()
      else
        await db
          .insertInto('federation_domains')
          .values({ domain, status: to, reason: decision.reason, decided_by: actorId, decided_at: now })
          .onConflict((oc) =>
            oc.column('domain').doUpdateSet({ status: to, reason: decision.reason, decided_by: actorId, decided_at: now }),
          )
          .execute()
      if ((previous?.status ?? null) !== to)
        await writeLog(db, { actorId, targetType: 'DOMAIN', targetId: domain, reason: decision.reason }, [
          { field: 'federation', from: previous?.status ?? null, to },
        ])
      if (to === 'BLOCKED') await forgetDomain(db, domain, now)
      const [described] = await describe([domain])
      return described!
    },
  }
}
