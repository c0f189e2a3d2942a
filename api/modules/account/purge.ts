// The purge of deleted accounts (a job in api/jobs, once across instances by its lease): ACCOUNT_PURGE_DAYS
// after a deletion request, the account's files go first, then its rows in one transaction — the user row,
// whose foreign keys take its posts (with their photos, categories, hours, likes, views, participants and
// invitations), follows, likes, views, participation, invitations, notifications to it, push subscriptions,
// reports it made, email codes, throttles and every token; notifications from it are deleted too, and the
// moderation log keeps its rows with the actor or target shown as deleted. Their groups pass to the next in line
// (groups/succession.ts). Idempotent: a run that stopped
// halfway is finished by the next (files already gone are skipped), and a second run finds nothing.
import type { AppContext } from '../../context'
import { nowIso } from '../../db'
import { serveWaitlist } from '../events/seats'
import { handOverGroupsOf } from '../groups/succession'
import { thumbnailPathOf } from '../../media/paths'

const DAY_MS = 86_400_000
const BATCH = 50

export async function purgeDeletedAccounts(ctx: AppContext): Promise<{ purged: number; files: number }> {
  const { db, config } = ctx
  const { images } = ctx
  const cutoff = nowIso(new Date(ctx.now().getTime() - config.accountPurgeDays * DAY_MS))
  let purged = 0
  let files = 0
  for (;;) {
    const users = await db
      .selectFrom('users')
      .select(['id', 'avatar_path'])
      .where('deletion_requested_at', 'is not', null)
      .where('deletion_requested_at', '<=', cutoff)
      .orderBy('deletion_requested_at')
      .limit(BATCH)
      .execute()
    if (users.length === 0) break
    for (const user of users) {
      const photos = await db
        .selectFrom('post_images as i')
        .innerJoin('posts as p', 'p.id', 'i.post_id')
        .select(['i.path', 'i.thumb_path'])
        .where('p.posted_by', '=', user.id)
        // Not the photos of events posted as a group that lives on: they pass to its next owner (handOverGroupsOf).
        .where((eb) =>
          eb.or([
            eb('p.group_id', 'is', null),
            eb.not(eb.exists(eb.selectFrom('group_members as m').select('m.user_id').whereRef('m.group_id', '=', 'p.group_id').where('m.user_id', '!=', user.id))),
          ]),
        )
        .execute()
      const paths = [user.avatar_path, thumbnailPathOf(user.avatar_path), ...photos.flatMap((p) => [p.path, p.thumb_path])].filter(
        (p): p is string => !!p,
      )
      await images.remove(paths)
      files += paths.length
      // Seats the account held in others' events: the cascade frees them, the line takes them below.
      const seats = await db.selectFrom('post_participants').select('post_id').where('user_id', '=', user.id).execute()
      const outcome = await db.transaction().execute(async (trx) => {
        // Checked again inside: a cancellation that came in meanwhile keeps the account (and all that is theirs).
        const still = await trx.selectFrom('users').select('id').where('id', '=', user.id).where('deletion_requested_at', '<=', cutoff).executeTakeFirst()
        if (!still) return null
        await trx.deleteFrom('notifications').where('user_from', '=', user.id).execute()
        // Their groups keep an owner and the events posted as them (issue 45).
        const deletedGroups = await handOverGroupsOf(trx, user.id, nowIso(ctx.now()))
        await trx.deleteFrom('users').where('id', '=', user.id).execute()
        return { deletedGroups }
      })
      if (!outcome) continue
      purged += 1
      await ctx.domainEvents.emit({ type: 'accountGone', userFrom: user.id, purged: true })
      for (const groupId of outcome.deletedGroups)
        await ctx.domainEvents.emit({ type: 'groupChanged', userFrom: null, groupId, gone: true })
      for (const seat of seats) await serveWaitlist(ctx, seat.post_id)
    }
  }
  return { purged, files }
}
