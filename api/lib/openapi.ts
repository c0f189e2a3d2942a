// Pieces of route schemas every area shares: the bearer security requirement and the uniform error body
// ({message, errors}) under the statuses a route can answer with.
import { errorResponseSchema } from '#contract'

export const bearerSecurity = [{ bearerAuth: [] }]

export function errorResponses<const S extends readonly number[]>(...statuses: S) {
  return Object.fromEntries(statuses.map((status) => [status, errorResponseSchema])) as {
    [K in S[number]]: typeof errorResponseSchema
  }
}
