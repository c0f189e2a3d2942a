// GET /uploads/<folder>/<random>.webp: stored photos with long cache headers (names are random and
// never reused, so the answer is immutable). Only names of the shape we write are served: no traversal.
import fs from 'node:fs'
import type { FastifyInstance } from 'fastify'
import { HttpError } from '../lib/errors'
import { createImageStore, PLACEHOLDER_NAME, PLACEHOLDER_SVG } from './images'

const CACHE = 'public, max-age=31536000, immutable'

export default async function mediaRoutes(app: FastifyInstance) {
  const store = createImageStore(app.ctx.config.uploadsDir)

  app.get(`/uploads/static/${PLACEHOLDER_NAME}`, { schema: { hide: true }, config: { rateLimit: false } }, async (_req, reply) => {
    reply.header('cache-control', 'public, max-age=86400')
    reply.header('x-content-type-options', 'nosniff')
    return reply.type('image/svg+xml').send(PLACEHOLDER_SVG)
  })

  app.get<{ Params: { folder: string; file: string } }>(
    '/uploads/:folder/:file',
    { schema: { hide: true }, config: { rateLimit: false } },
    async (req, reply) => {
      const abs = store.resolve(`${req.params.folder}/${req.params.file}`)
      if (!abs) throw new HttpError(404, 'notFound')
      let stat: fs.Stats
      try {
        stat = await fs.promises.stat(abs)
      } catch {
        throw new HttpError(404, 'notFound')
      }
      if (!stat.isFile()) throw new HttpError(404, 'notFound')
      reply.header('cache-control', CACHE)
      reply.header('x-content-type-options', 'nosniff')
      reply.header('content-length', String(stat.size))
      reply.header('last-modified', stat.mtime.toUTCString())
      return reply.type('image/webp').send(fs.createReadStream(abs))
    },
  )
}
