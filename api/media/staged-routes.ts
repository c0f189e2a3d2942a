// Photos staged ahead of the form that names them (issue 25): the web keeps a photo for a form that is sent
// next (with JavaScript, to show the upload's progress; without it, across a form that came back with an
// error), and any web instance may receive that next form. So staged photos live in the API's storage (the
// disk or the S3 bucket, like every photo), under the person who staged them, for an hour at most (the
// orphan sweep deletes older ones). Only images by their first bytes, within the photo size limit; the
// routes that finally take them check and re-encode them as any upload.
// What one person holds at once is capped (STAGED_PHOTO_LIMITS: count and bytes, issue 39), counted in the
// staged_photos table so every instance sees the same figures; past it, 413 stagingQuotaExceeded on `files`.
//   POST   /uploads/staged          multipart `files` (at most 10) → 201 { photos: [{ token, type, name }] }
//   GET    /uploads/staged/{token}  the photo's bytes, its file name in X-Staged-Name (the stager only)
//   DELETE /uploads/staged/{token}  forget it (the stager only)
import { randomBytes } from 'node:crypto'
import multipart from '@fastify/multipart'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { EVENT_LIMITS, STAGED_PHOTO_LIMITS } from '#contract'
import { nowIso } from '../db'
import { lockedRows, writeTransaction } from '../db/transaction'
import { HttpError } from '../lib/errors'
import { readMultipart } from '../lib/multipart'
import { bearerSecurity, errorResponses } from '../lib/openapi'
import { currentUser } from '../plugins/auth'
import { sniffImage } from './images'

/** How long a staged photo is kept (the orphan sweep deletes older ones). */
export const STAGED_MAX_AGE_MS = 60 * 60_000
/** A staged photo's storage keys: staging/<user id>/<random hex>, and its file name beside it (.name). */
export const STAGED_PATH_RE = /^staging\/[0-9a-f-]{36}\/[a-f0-9]{32}(\.name)?$/
const TOKEN = z.string().regex(/^[a-f0-9]{32}$/)
/** A place has the most photos: no form stages more at once. */
const MOST_PHOTOS = STAGED_PHOTO_LIMITS.filesPerCall
const TYPES = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const

const stagedPhotoSchema = z.object({ token: z.string(), type: z.enum(['image/jpeg', 'image/png', 'image/webp']), name: z.string() })

/** The client's file name, kept to show it again (letters, digits, dot, dash, space; 100 characters). */
const safeName = (name: string) => name.replace(/[^\p{L}\p{N}._\- ]+/gu, '_').slice(0, 100) || 'photo'

export default async function stagedRoutes(app: FastifyInstance) {
  const { images, config } = app.ctx
  const ctx = app.ctx

  /**
   * Books the photos against the person's quota, or refuses (413) when they would hold more than it allows:
   * checked and written in one transaction with the person's row locked, so parallel calls on any instance
   * cannot pass it together. Photos older than STAGED_MAX_AGE_MS are gone (the sweep) and count no more.
   */
  async function bookStaged(userId: string, photos: { token: string; data: Buffer }[]) {
    const since = new Date(ctx.now().getTime() - STAGED_MAX_AGE_MS).toISOString()
    await writeTransaction(ctx, async ({ db, dialect }) => {
      await lockedRows(dialect, db.selectFrom('users').select('id').where('id', '=', userId)).execute()
      const held = await db
        .selectFrom('staged_photos')
        .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.sum<number>('bytes').as('bytes')])
        .where('user_id', '=', userId)
        .where('created_at', '>', since)
        .executeTakeFirstOrThrow()
      const count = Number(held.count) + photos.length
      const bytes = Number(held.bytes ?? 0) + photos.reduce((sum, photo) => sum + photo.data.length, 0)
      if (count > STAGED_PHOTO_LIMITS.heldCount || bytes > STAGED_PHOTO_LIMITS.heldBytes)
        throw new HttpError(413, 'stagingQuotaExceeded', { files: ['stagingQuotaExceeded'] })
      const createdAt = nowIso(ctx.now())
      await db
        .insertInto('staged_photos')
        .values(photos.map((photo) => ({ token: photo.token, user_id: userId, bytes: photo.data.length, created_at: createdAt })))
        .execute()
    })
  }

  await app.register(multipart, {
    limits: { fileSize: EVENT_LIMITS.imageMaxBytes, files: MOST_PHOTOS, fields: 4, fieldSize: 1024, parts: MOST_PHOTOS + 4 },
  })
  const r = app.withTypeProvider<ZodTypeProvider>()
  const keyOf = (req: FastifyRequest, token: string) => `staging/${currentUser(req).id}/${token}`
  const tags = ['photos']
  const errors = errorResponses(400, 401, 403, 404, 413, 415, 429)
  // A form stages its photos once, and again after an error: four forms' worth per person and half hour.
  const stagingLimit = {
    rateLimit: {
      max: Math.max(1, Math.round(120 * config.rateLimitMultiplier)),
      timeWindow: 30 * 60_000,
      keyGenerator: (req: FastifyRequest) => (req.authClaims ? `staged:u:${req.authClaims.userId}` : `staged:ip:${req.ip}`),
    },
  }

  r.post(
    '/uploads/staged',
    {
      preHandler: app.requireActivated,
      config: stagingLimit,
      schema: {
        tags,
        security: bearerSecurity,
        summary: 'Stage photos for a form sent next (multipart `files`, at most 10): answers a token per photo, kept an hour',
        description:
          'JPEG, PNG or WebP by content (415 otherwise), ≤ 10 MB each (413). One person holds at most 20 staged photos and 100 MB at once, on every instance together (413 stagingQuotaExceeded on files); a photo stops counting once deleted or an hour old. Nothing is re-encoded here: the route that takes the photos does that. Any instance may serve the tokens (the photos are in the shared storage).',
        consumes: ['multipart/form-data'],
        response: { 201: z.object({ photos: z.array(stagedPhotoSchema) }), ...errors },
      },
    },
    async (req, reply) => {
      if (!req.isMultipart()) throw new HttpError(400, 'validationFailed', { files: ['uploadPhoto'] })
      const { files, names } = await readMultipart(req, { fileFields: new Set(['files', 'file']), errorField: 'files', tooManyFiles: 'tooManyPhotos' })
      if (files.length === 0) throw new HttpError(400, 'validationFailed', { files: ['uploadPhoto'] })
      const kinds = files.map((file) => sniffImage(file))
      if (kinds.some((kind) => kind === null)) throw new HttpError(415, 'unsupportedImage', { files: ['unsupportedImage'] })
      const photos = files.map((data, index) => ({ token: randomBytes(16).toString('hex'), data, type: TYPES[kinds[index]!], name: safeName(names[index] ?? '') }))
      const userId = currentUser(req).id
      await bookStaged(userId, photos)
      try {
        await images.storage.putAll(
          photos.flatMap((photo) => [
            { key: keyOf(req, photo.token), data: photo.data, contentType: photo.type },
            { key: `${keyOf(req, photo.token)}.name`, data: Buffer.from(photo.name), contentType: 'text/plain' },
          ]),
        )
      } catch (error) {
        // Not stored: not held either.
        await ctx.db.deleteFrom('staged_photos').where('token', 'in', photos.map((photo) => photo.token)).execute()
        throw error
      }
      return reply.status(201).send({ photos: photos.map(({ token, type, name }) => ({ token, type, name })) })
    },
  )

  // Untyped reply: the answer is the photo's bytes, not a JSON schema's object.
  app.get<{ Params: { token: string } }>(
    '/uploads/staged/:token',
    {
      preHandler: app.requireActivated,
      schema: {
        tags,
        security: bearerSecurity,
        summary: 'A photo this user staged (its bytes: image/jpeg, image/png or image/webp); 404 once gone or someone else’s',
        params: z.object({ token: TOKEN }),
        response: errorResponses(401, 403, 404, 429),
      },
    },
    async (req, reply) => {
      const file = await images.storage.get(keyOf(req, req.params.token))
      if (!file) throw new HttpError(404, 'notFound')
      reply.header('cache-control', 'no-store')
      reply.header('content-length', String(file.size))
      const chunks: Buffer[] = []
      for await (const chunk of file.body) chunks.push(Buffer.from(chunk as Uint8Array))
      const bytes = Buffer.concat(chunks)
      const kind = sniffImage(bytes)
      const name = await images.storage.get(`${keyOf(req, req.params.token)}.name`)
      if (name) {
        const parts: Buffer[] = []
        for await (const chunk of name.body) parts.push(Buffer.from(chunk as Uint8Array))
        reply.header('x-staged-name', encodeURIComponent(Buffer.concat(parts).toString()))
      }
      return reply.type(kind ? TYPES[kind] : 'application/octet-stream').send(bytes)
    },
  )

  r.delete(
    '/uploads/staged/:token',
    {
      preHandler: app.requireActivated,
      schema: { tags, security: bearerSecurity, summary: 'Forget a staged photo (idempotent)', params: z.object({ token: TOKEN }), response: { 204: z.null(), ...errors } },
    },
    async (req, reply) => {
      await images.storage.remove([keyOf(req, req.params.token), `${keyOf(req, req.params.token)}.name`])
      await ctx.db.deleteFrom('staged_photos').where('token', '=', req.params.token).where('user_id', '=', currentUser(req).id).execute()
      return reply.status(204).send(null)
    },
  )
}
