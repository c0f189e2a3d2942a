// One photo a row holds (a person's avatar, a group's): stored re-encoded first, then swapped into the row with a
// compare-and-set, so two changes at once never leave a file that no row points to (decision 022); the files it
// replaced are removed after.
import type { AppContext } from '../context'
import { HttpError } from '../lib/errors'
import { thumbnailPathOf } from './paths'

const AVATAR_FOLDER = 'avatars'
/** Compare-and-set attempts of a change before it gives up with 409. */
const CAS_ATTEMPTS = 10

export interface PhotoSlot<Row extends { path: string | null }> {
  /** The row's photo now (and what else the write needs); undefined when the row is gone. */
  read(id: string): Promise<Row | undefined>
  /** Points the row at `next` (null: no photo) only if it still holds `current.path`; whether it did. */
  write(id: string, current: Row, next: { path: string; name: string } | null): Promise<boolean>
  /** The refusal when the row is gone. */
  gone(): HttpError
}

export function createPhotoSlot<Row extends { path: string | null }>(ctx: Pick<AppContext, 'images' | 'log'>, slot: PhotoSlot<Row>) {
  const { images } = ctx

  async function swap(id: string, next: { path: string; name: string } | null): Promise<string | null> {
    for (let attempt = 0; attempt < CAS_ATTEMPTS; attempt++) {
      const current = await slot.read(id)
      if (!current) throw slot.gone()
      if (!next && current.path === null) throw new HttpError(404, 'avatarNotFound')
      if (await slot.write(id, current, next)) return current.path
    }
    throw new HttpError(409, next ? 'photoUploadFailed' : 'photoDeleteFailed')
  }

  async function removeFiles(path: string | null): Promise<void> {
    if (!path) return
    try {
      await images.remove([path, thumbnailPathOf(path)])
    } catch (err) {
      ctx.log.warn({ err, path }, 'could not remove an old photo file')
    }
  }

  return {
    /** Validates and re-encodes the photo, points the row at it, then deletes the old files. */
    async replace(id: string, photo: Buffer): Promise<void> {
      let stored
      try {
        ;[stored] = await images.saveAll(AVATAR_FOLDER, [photo])
      } catch (err) {
        // The image store names the field of event photos; this one's field is `file`.
        if (err instanceof HttpError) throw new HttpError(err.statusCode, err.code, { file: [err.code] }, err.headers)
        throw err
      }
      if (!stored) throw new HttpError(400, 'validationFailed', { file: ['uploadPhoto'] })
      let replaced: string | null
      try {
        replaced = await swap(id, { path: stored.path, name: stored.name })
      } catch (err) {
        await removeFiles(stored.path)
        throw err
      }
      await removeFiles(replaced)
    },
    /** No photo any more (404 avatarNotFound when there was none); the files go. */
    async remove(id: string): Promise<void> {
      await removeFiles(await swap(id, null))
    },
    removeFiles,
  }
}
