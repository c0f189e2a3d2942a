// City suggestions (SPEC §3 "City suggestion", §7 Other POST /city/) and the geocoding proxy.
import { z } from 'zod'
import { typeErrors } from './common'

export const CITY_LIMITS = {
  suggestions: 10,
  queryMax: 100,
} as const

export const citySearchSchema = z.object({
  city: z
    .string(typeErrors('required', 'invalidValue'))
    .max(CITY_LIMITS.queryMax, 'tooLong'),
})

export const citySuggestionSchema = z.object({
  /** GeoNames id */
  id: z.string(),
  /** Name in the caller's language when known (Russian names for the biggest cities of the region). */
  city: z.string(),
  /** Country name in the caller's language. */
  country: z.string(),
  /** ISO 3166-1 alpha-2 */
  countryCode: z.string(),
  /** [lon, lat] */
  coordinates: z.tuple([z.number(), z.number()]),
  population: z.number().int(),
})
export type CitySuggestion = z.infer<typeof citySuggestionSchema>
export const citySuggestionsResponseSchema = z.array(citySuggestionSchema)

/** GET /geo/search: q (forward) or lat+lon (reverse). */
export const geoSearchQuerySchema = z
  .object({
    q: z.string().trim().max(300, 'tooLong').optional(),
    lat: z.coerce.number().min(-90, 'invalidValue').max(90, 'invalidValue').optional(),
    lon: z.coerce.number().min(-180, 'invalidValue').max(180, 'invalidValue').optional(),
  })
  .refine((v) => (v.q && v.q.length > 0) || (v.lat !== undefined && v.lon !== undefined), {
    message: 'required',
    path: ['q'],
  })

/** Nominatim-compatible item (SPEC §7: display_name, lat, lon). lat/lon are strings as Nominatim sends. */
export const geoItemSchema = z.object({
  display_name: z.string(),
  lat: z.string(),
  lon: z.string(),
})
export type GeoItem = z.infer<typeof geoItemSchema>
export const geoSearchResponseSchema = z.object({
  items: z.array(geoItemSchema),
  /** upstream: the geocoder answered (maybe from cache); cities: fallback to the bundled city data. */
  source: z.enum(['upstream', 'cache', 'cities']),
})
