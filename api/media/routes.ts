// GET /uploads/<folder>/<random>.webp: stored photos with long cache headers (names are random and
// never reused, so the answer is immutable). Only names of the shape we write are served: no traversal.
// Served through the API whichever the storage (the disk or an S3 bucket, decision 037): photo URLs stay
// the same for browsers and the mobile app, and a proxy in front can cache them for good.
import type { FastifyInstance } from 'fastify'
import { HttpError } from '../lib/errors'
import { PLACEHOLDER_NAME, PLACEHOLDER_SVG } from './images'

const CACHE = 'public, max-age=31536000, immutable'

export default async function mediaRoutes(app: FastifyInstance) {

  app.get(`/uploads/static/${PLACEHOLDER_NAME}`, { schema: { hide: true }, config: { rateLimit: false } }, async (_req, reply) => {
    reply.header('cache-control', 'public, max-age=86400')
    reply.header('x-content-type-options', 'nosniff')
    return reply.type('image/svg+xml').send(PLACEHOLDER_SVG)
  })

  app.get<{ Params: { folder: string; file: string } }>(
    '/uploads/:folder/:file',
    { schema: { hide: true }, config: { rateLimit: false } },
    async (req, reply) => {
      const file = await app.ctx.images.get(`${req.params.folder}/${req.params.file}`)
      if (!file) throw new HttpError(404, 'notFound')
      reply.header('cache-control', CACHE)
      reply.header('x-content-type-options', 'nosniff')
      reply.header('content-length', String(file.size))
      reply.header('last-modified', file.modified.toUTCString())
      return reply.type('image/webp').send(file.body)
    },
  )
}
