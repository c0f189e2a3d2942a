// GET /geo/search?q=… (forward) or ?lat=…&lon=… (reverse): the geocoding proxy (ARCHITECTURE "Geocoding").
import { errorResponseSchema, geoSearchQuerySchema, geoSearchResponseSchema } from '#contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { languageOf } from '../../lib/errors'
import { geocoderOf } from './service'

export default async function geoRoutes(app: FastifyInstance) {
  const geocoder = geocoderOf(app.ctx, app.log)
  app.withTypeProvider<ZodTypeProvider>().get(
    '/geo/search',
    {
      schema: {
        tags: ['geo'],
        summary: 'Address search through the configured Nominatim-compatible geocoder (cached, 1 request/s upstream)',
        description:
          'items: [{display_name, lat, lon}] (strings, as Nominatim). source: upstream | cache | cities (fallback to the bundled city data when the geocoder fails or times out). 429 when too many searches wait for the upstream.',
        querystring: geoSearchQuerySchema,
        response: { 200: geoSearchResponseSchema, 400: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (req) => {
      const language = languageOf(req)
      const { q, lat, lon } = req.query
      if (q && q.length > 0) return geocoder.search(q, language)
      return geocoder.reverse(lat as number, lon as number, language)
    },
  )
}
