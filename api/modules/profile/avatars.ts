// A profile's photo: stored, re-encoded and swapped in with a compare-and-set on the row, so two changes at
// once never leave a file that no row points to (decision 022); the old files are removed after.
import type { AppContext } from '../../context'
import { type Db, nowIso } from '../../db'
import type { UserUpdate } from '../../db/schema'
import { HttpError } from '../../lib/errors'
import { thumbnailPathOf } from '../../media/paths'

const AVATAR_FOLDER = 'avatars'
/** Compare-and-set attempts of an avatar change before it gives up with 409. */
const AVATAR_CAS_ATTEMPTS = 10

export function createAvatars(ctx: AppContext) {
  const db: Db = ctx.db
  const { images } = ctx

  /**
   * Sets the avatar columns of a user only if they still hold `expected` (compare-and-set), so two
   * concurrent changes never leave a file that no row points to. Returns the replaced path.
   */
  async function swapAvatar(
    userId: string,
    next: { path: string; name: string } | null,
    imageStatus: 'PENDING' | 'APPROVED' = 'PENDING',
  ): Promise<{ replaced: string | null }> {
    for (let attempt = 0; attempt < AVATAR_CAS_ATTEMPTS; attempt++) {
      const current = await db
        .selectFrom('users')
        .select(['avatar_path', 'moderation_image_status'])
        .where('id', '=', userId)
        .executeTakeFirst()
      if (!current) throw new HttpError(401, 'tokenInvalid')
      if (!next && current.avatar_path === null) throw new HttpError(404, 'avatarNotFound')
      // A new photo is reviewed (unless a moderator put it there); removing a rejected one ends the rejection.
      const set: UserUpdate = next
        ? {
            avatar_path: next.path,
            avatar_name: next.name,
            moderation_image_status: imageStatus,
            updated_at: nowIso(),
          }
        : {
            avatar_path: null,
            avatar_name: null,
            updated_at: nowIso(),
            ...(current.moderation_image_status === 'REJECTED' ? { moderation_image_status: 'PENDING' } : {}),
          }
      let update = db.updateTable('users').set(set).where('id', '=', userId)
      update =
        current.avatar_path === null
          ? update.where('avatar_path', 'is', null)
          : update.where('avatar_path', '=', current.avatar_path)
      const res = await update.executeTakeFirst()
      if (Number(res.numUpdatedRows) === 1) return { replaced: current.avatar_path }
    }
    throw new HttpError(409, next ? 'photoUploadFailed' : 'photoDeleteFailed')
  }

  async function removeAvatarFiles(avatarPath: string | null): Promise<void> {
    if (!avatarPath) return
    try {
      await images.remove([avatarPath, thumbnailPathOf(avatarPath)])
    } catch (err) {
      ctx.log.warn({ err, avatarPath }, 'could not remove an old avatar file')
    }
  }

  async function replaceAvatar(
    userId: string,
    photo: Buffer,
    imageStatus: 'PENDING' | 'APPROVED',
  ): Promise<void> {
    let stored
    try {
      ;[stored] = await images.saveAll(AVATAR_FOLDER, [photo])
    } catch (err) {
      // The image store names the field of event photos; the avatar's field is `file`.
      if (err instanceof HttpError)
        throw new HttpError(err.statusCode, err.code, { file: [err.code] }, err.headers)
      throw err
    }
    if (!stored) throw new HttpError(400, 'validationFailed', { file: ['uploadPhoto'] })
    let replaced: string | null
    try {
      ;({ replaced } = await swapAvatar(userId, { path: stored.path, name: stored.name }, imageStatus))
    } catch (err) {
      await removeAvatarFiles(stored.path)
      throw err
    }
    await removeAvatarFiles(replaced)
  }

  async function removeAvatar(userId: string): Promise<void> {
    const { replaced } = await swapAvatar(userId, null)
    await removeAvatarFiles(replaced)
  }

  return { replaceAvatar, removeAvatar }
}
