// Admins' decisions on fediverse servers (ALLOWED, SILENCED, BLOCKED) as the rest of the federation reads them.
import type { Db } from '../db'
import { domainOf } from './deps'

export type DomainStatus = 'ALLOWED' | 'SILENCED' | 'BLOCKED'

export function createDomains(db: Db) {
  async function domainStatus(domain: string): Promise<DomainStatus | null> {
    const row = await db
      .selectFrom('federation_domains')
      .select('status')
      .where('domain', '=', domain)
      .executeTakeFirst()
    return row?.status ?? null
  }

  /** Whether an actor's, object's or inbox's server is blocked: nothing from it is kept, nothing goes to it. */
  async function isBlocked(uri: URL | string | null): Promise<boolean> {
    return !!uri && (await domainStatus(domainOf(uri))) === 'BLOCKED'
  }

  return { domainStatus, isBlocked }
}

export type Domains = ReturnType<typeof createDomains>

/**
 * An admin blocked a server: its events leave (deleted, as a moderator would), our people stop following its
 * actors, and its followers of ours and its reactions are dropped (nothing goes to it any more). Works with
 * federation off too: the decision is the database's.
 */
export async function forgetDomain(db: Db, domain: string, now: string): Promise<void> {
  await db
    .updateTable('posts')
    .set({ post_status: 'DELETED', updated_at: now })
    .where('remote_domain', '=', domain)
    .where('post_status', '=', 'ACTIVE')
    .execute()
  const actors = db.selectFrom('users').select('id').where('remote_domain', '=', domain)
  await db.deleteFrom('federation_following').where('remote_user_id', 'in', actors).execute()
  await db.deleteFrom('follows').where('followee_id', 'in', actors).execute()
  await db.deleteFrom('federation_followers').where('domain', '=', domain).execute()
  await db.deleteFrom('federation_reactions').where('domain', '=', domain).execute()
}
