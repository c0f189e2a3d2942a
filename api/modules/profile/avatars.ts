// A profile's photo (api/media/photo-slot.ts: stored, re-encoded and swapped in with a compare-and-set on the row;
// decision 022), reviewed like the rest of the profile.
import type { AppContext } from '../../context'
import { type Db, nowIso } from '../../db'
import type { UserUpdate } from '../../db/schema'
import { HttpError } from '../../lib/errors'
import { createPhotoSlot } from '../../media/photo-slot'

export function createAvatars(ctx: AppContext) {
  const db: Db = ctx.db
  /** The avatar's slot; a new photo gets `imageStatus` (a moderator's upload is approved at once). */
  const slot = (imageStatus: 'PENDING' | 'APPROVED' = 'PENDING') => createPhotoSlot(ctx, {
    read: (userId) =>
      db
        .selectFrom('users')
        .select(['avatar_path as path', 'moderation_image_status'])
        .where('id', '=', userId)
        .executeTakeFirst(),
    gone: () => new HttpError(401, 'tokenInvalid'),
    async write(userId, current, next) {
      // A new photo is reviewed (unless a moderator put it there); removing a rejected one ends the rejection.
      const set: UserUpdate = next
        ? { avatar_path: next.path, avatar_name: next.name, moderation_image_status: imageStatus, updated_at: nowIso() }
        : {
            avatar_path: null,
            avatar_name: null,
            updated_at: nowIso(),
            ...(current.moderation_image_status === 'REJECTED' ? { moderation_image_status: 'PENDING' } : {}),
          }
      let update = db.updateTable('users').set(set).where('id', '=', userId)
      update = current.path === null ? update.where('avatar_path', 'is', null) : update.where('avatar_path', '=', current.path)
      return Number((await update.executeTakeFirst()).numUpdatedRows) === 1
    },
  })
  async function replaceAvatar(userId: string, photo: Buffer, imageStatus: 'PENDING' | 'APPROVED'): Promise<void> {
    await slot(imageStatus).replace(userId, photo)
  }

  async function removeAvatar(userId: string): Promise<void> {
    await slot().remove(userId)
  }

  return { replaceAvatar, removeAvatar }
}
