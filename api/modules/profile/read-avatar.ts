// The one photo of an avatar upload (POST /profile/upload, POST /admin/users/{id}/upload-avatar, POST
// /groups/{handle}/avatar).
import type { FastifyRequest } from 'fastify'
import { EVENT_LIMITS } from '#contract'
import { HttpError } from '../../lib/errors'
import { readMultipart } from '../../lib/multipart'

/** @fastify/multipart's limits for a scope whose only upload is one avatar. */
export const AVATAR_MULTIPART = {
  limits: { fileSize: EVENT_LIMITS.imageMaxBytes, files: 1, fields: 10, fieldSize: 4 * 1024, parts: 12 },
}

/** Multipart fields that may carry the avatar. */
const AVATAR_FIELDS = new Set(['file', 'files', 'avatar'])

/** The one photo of POST /profile/upload (other text fields are ignored). */
export async function readAvatar(req: FastifyRequest): Promise<Buffer> {
  if (!req.isMultipart()) throw new HttpError(400, 'validationFailed', { file: ['uploadPhoto'] })
  const { files } = await readMultipart(req, { fileFields: AVATAR_FIELDS, errorField: 'file', tooManyFiles: 'oneAvatar' })
  const [photo] = files
  if (!photo) throw new HttpError(400, 'validationFailed', { file: ['uploadPhoto'] })
  return photo
}
