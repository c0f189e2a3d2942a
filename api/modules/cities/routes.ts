// POST /city/ {city}: up to 10 city suggestions from the bundled data set (SPEC §7 Other, §3 City suggestion).
import {
  CITY_LIMITS,
  citySearchSchema,
  citySuggestionsResponseSchema,
  errorResponseSchema,
} from '#contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { languageOf } from '../../lib/errors'
import { cityName, countryName, suggestCities } from './data'

export default async function citiesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.post(
    '/city',
    {
      schema: {
        tags: ['cities'],
        summary: 'City suggestions by prefix (case and diacritics insensitive, Latin or Russian names)',
        description:
          'Answers up to 10 cities, biggest population first. A blank query answers []. Names and countries are in the Accept-Language (en/ru) when known.',
        body: citySearchSchema,
        response: { 200: citySuggestionsResponseSchema, 400: errorResponseSchema },
      },
    },
    async (req) => {
      const language = languageOf(req)
      return suggestCities(req.body.city, CITY_LIMITS.suggestions).map((c) => ({
        id: c.id,
        city: cityName(c, language),
        country: countryName(c.countryCode, language),
        countryCode: c.countryCode,
        coordinates: [c.lon, c.lat] as [number, number],
        population: c.population,
      }))
    },
  )
}
