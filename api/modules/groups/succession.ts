// What becomes of a person's groups when their account is purged (issue 45): a group always keeps an owner and its
// events. Where they were the only owner, the longest-standing admin takes over (else editor, else member); a group
// left with nobody is deleted (its events then stay nobody's group's: they go with their author's account). The
// events they posted as a group that lives on pass to one of its owners, so the group keeps them.
import type { Db } from '../../db'

const SUCCESSION = ['owner', 'admin', 'editor', 'member'] as const

/** Runs inside the purge's transaction, before the user row goes (and with it their memberships). Returns the groups
 * it deleted. */
export async function handOverGroupsOf(trx: Db, userId: string, now: string): Promise<string[]> {
  const deleted: string[] = []
  const memberships = await trx.selectFrom('group_members').select('group_id').where('user_id', '=', userId).execute()
  for (const { group_id } of memberships) {
    const others = await trx.selectFrom('group_members').select(['user_id', 'role', 'joined_at']).where('group_id', '=', group_id).where('user_id', '!=', userId).execute()
    const rank = (role: string) => SUCCESSION.indexOf(role as (typeof SUCCESSION)[number])
    others.sort((a, b) => rank(a.role) - rank(b.role) || a.joined_at.localeCompare(b.joined_at))
    const heir = others[0]
    if (!heir) {
      await trx.updateTable('groups').set({ status: 'DELETED', avatar: null, updated_at: now }).where('id', '=', group_id).execute()
      await trx.updateTable('posts').set({ group_id: null }).where('group_id', '=', group_id).execute()
      deleted.push(group_id)
      continue
    }
    if (heir.role !== 'owner') await trx.updateTable('group_members').set({ role: 'owner' }).where('group_id', '=', group_id).where('user_id', '=', heir.user_id).execute()
    // Both author columns: either one's account going takes the post with it (migration 001).
    await trx.updateTable('posts').set({ posted_by: heir.user_id }).where('group_id', '=', group_id).where('posted_by', '=', userId).execute()
    await trx.updateTable('posts').set({ created_by: heir.user_id }).where('group_id', '=', group_id).where('created_by', '=', userId).execute()
  }
  return deleted
}
