// Curated collections (issue 43): /collections for the web's pages and the mobile app. Reading is public;
// making, changing and removing need `moderate` (route-permissions.ts).
import {
  collectionListSchema,
  collectionPageQuerySchema,
  collectionPageSchema,
  collectionSchema,
  collectionSlugParamsSchema,
  createCollectionBodySchema,
  messageResponseSchema,
  updateCollectionBodySchema,
} from '#contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { bearerSecurity, errorResponses } from '../../lib/openapi'
import { currentUser } from '../../plugins/auth'
import { createCollectionsService } from './service'

const tags = ['collections']

export default async function collectionsRoutes(app: FastifyInstance) {
  const service = createCollectionsService(app.ctx)
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.get(
    '/collections',
    { schema: { tags, summary: 'Every collection, by name', response: { 200: collectionListSchema } } },
    async () => ({ items: await service.list() }),
  )

  r.post(
    '/collections',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary: 'Make a collection (moderators)',
        description:
          'Rules: categories (any of them), organizers (user ids or usernames: any; kept as ids), places (place ids: events within 150 m of any), words (all in the title), startsFrom/startsUntil (the start within them); an event matching every rule given is in it. events: hand-picked ids, in it whatever the rules say. Only public, listed events ever show. 400 collectionExists for a slug in use; notFound for an unknown organizer, place or event.',
        body: createCollectionBodySchema,
        response: { 201: collectionSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (req, reply) => reply.status(201).send(await service.create(req.body, currentUser(req).id)),
  )

  r.get(
    '/collections/:slug',
    {
      schema: {
        tags,
        summary: 'A collection and a page of its events that have not ended, soonest first (12 a page)',
        params: collectionSlugParamsSchema,
        querystring: collectionPageQuerySchema,
        response: { 200: collectionPageSchema, ...errorResponses(400, 404) },
      },
    },
    async (req) => service.page(req.params.slug, req.query.page),
  )

  r.patch(
    '/collections/:slug',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary: 'Change a collection (moderators): any field; lists replace the old ones',
        params: collectionSlugParamsSchema,
        body: updateCollectionBodySchema,
        response: { 200: collectionSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => service.update(req.params.slug, req.body),
  )

  r.delete(
    '/collections/:slug',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary: 'Remove a collection (moderators); its events stay',
        params: collectionSlugParamsSchema,
        response: { 200: messageResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (req) => {
      await service.remove(req.params.slug)
      return { message: 'OK' }
    },
  )
}
