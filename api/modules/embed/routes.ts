// The embeddable programme's JSON (issue 27, decision 043): GET /embed/events — an organizer's, a place's, a
// collection's (issue 43), a group's (issue 45) or a city's upcoming public events, the same ones their calendar feeds hold (decision 029), for sites that want
// their own markup and for the web's framed page. Public, cacheable (ETag, 304) and readable from any origin.
import { EMBED_LIMITS, type EmbedList, embedListSchema, embedQuerySchema, type Language } from '#contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { languageOf } from '../../lib/errors'
import { errorResponses } from '../../lib/openapi'
import { etagOf, isNotModified } from '../calendar/http-cache'
import { createCalendarService, type Feed, notEnded } from '../calendar/service'
import { imageDto } from '../events/dto'

const tags = ['embed']

export default async function embedRoutes(app: FastifyInstance) {
  const { config, db } = app.ctx
  const calendar = createCalendarService(app.ctx)
  const r = app.withTypeProvider<ZodTypeProvider>()
  const apiUrl = config.publicUrl.replace(/\/+$/, '')
  const webUrl = config.webUrl.replace(/\/+$/, '')

  /** The first photo's thumbnail of each post whose photos the public may see. */
  async function thumbnails(ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map()
    const rows = await db
      .selectFrom('post_images as i')
      .innerJoin('posts as p', 'p.id', 'i.post_id')
      .select(['i.id', 'i.post_id', 'i.name', 'i.path', 'i.thumb_path'])
      .where('i.post_id', 'in', ids)
      .where('p.moderation_image_status', '!=', 'REJECTED')
      .orderBy('i.position')
      .orderBy('i.created_at')
      .execute()
    const out = new Map<string, string>()
    for (const row of rows) if (!out.has(row.post_id)) out.set(row.post_id, imageDto(row, apiUrl).thumbnailUrl)
    return out
  }

  async function programme(q: z.infer<typeof embedQuerySchema>, language: Language): Promise<EmbedList> {
    let feed: Feed
    let url: string
    if (q.organizer) {
      feed = await calendar.organizer(q.organizer, language)
      url = `${webUrl}/profile/${encodeURIComponent(q.organizer)}`
    } else if (q.group) {
      const group = await calendar.group(q.group, language)
      feed = group
      url = `${webUrl}/groups/${encodeURIComponent(group.handle)}`
    } else if (q.collection) {
      const collection = await calendar.collection(q.collection, language)
      feed = collection
      url = `${webUrl}/collections/${encodeURIComponent(collection.slug)}`
    } else if (q.place) {
      feed = await calendar.place(q.place, language)
      url = `${webUrl}/event/${encodeURIComponent(q.place)}`
    } else {
      feed = await calendar.city(q, language)
      const search = new URLSearchParams()
      if (q.city) search.set('city', q.city)
      if (q.categories?.length === 1) search.set('categories', q.categories[0] as string)
      url = `${webUrl}/${search.size ? `?${search}` : ''}`
    }
    // What has not ended yet (a started event is still on), soonest first.
    const upcoming = notEnded(feed.events, app.ctx.now()).slice(0, q.count)
    const images = await thumbnails(upcoming.map((e) => e.id))
    return {
      title: feed.name,
      url,
      events: upcoming.map((e) => ({
        _id: e.id,
        title: e.title,
        startDate: e.start_date,
        endDate: e.end_date,
        address: e.address,
        categories: e.categories,
        url: calendar.eventUrl(e.id),
        imageUrl: images.get(e.id) ?? null,
        cancelled: e.cancelled_at !== null,
      })),
    }
  }

  r.get(
    '/embed/events',
    {
      config: {
        rateLimit: {
          max: Math.max(1, Math.round(600 * config.rateLimitMultiplier)),
          timeWindow: 5 * 60_000,
          keyGenerator: (req: FastifyRequest) => `embed:${req.ip}`,
        },
      },
      // Sites fetch it from their own pages, without credentials: any origin, its refusals included.
      onSend: async (_req, reply) => {
        reply.header('access-control-allow-origin', '*')
        reply.removeHeader('access-control-allow-credentials')
      },
      schema: {
        tags,
        summary: "A programme's upcoming public events as JSON (an organizer's, a place's or a city's)",
        description: `organizer (a user id) wins over group (a handle), group over collection (a slug), collection over place (a place id), place over city (+ country, categories: the list's lookup and 50 km; none is the default city). count: 1–${EMBED_LIMITS.maxCount} (default ${EMBED_LIMITS.defaultCount}). The events a signed-out visitor may read (COMMON, listed), not ended, soonest first; cancelled ones stay, marked. lang names the programme (else Accept-Language). Any origin may read it (Access-Control-Allow-Origin: *); Cache-Control public, max-age ${EMBED_LIMITS.maxAgeSeconds}; ETag with 304 to If-None-Match. 404 for an unknown organizer, group, collection or place, 404 cityNotFound.`,
        querystring: embedQuerySchema,
        response: { 200: embedListSchema, 304: z.void().describe('Not modified'), ...errorResponses(400, 404, 429) },
      },
    },
    async (req, reply) => {
      const language = req.query.lang ?? languageOf(req)
      const body = JSON.stringify(await programme(req.query, language))
      const etag = etagOf(body)
      reply.header('cache-control', `public, max-age=${EMBED_LIMITS.maxAgeSeconds}`)
      reply.header('vary', 'Accept-Language')
      reply.header('etag', etag)
      if (isNotModified(req, etag, null)) return reply.status(304).send()
      // Already JSON (its bytes are what the ETag names): sent as it is.
      return reply.type('application/json; charset=utf-8').send(body as unknown as EmbedList)
    },
  )
}
