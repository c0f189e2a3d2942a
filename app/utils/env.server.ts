// Web env: parsed once at boot with zod; only `getPublicEnv()` reaches the browser.
import { z } from 'zod'
import { DEFAULT_TIME_ZONE, isTimeZone } from '#contract'

const DEV_SESSION_SECRET = 'dev-only-session-secret-change-me-in-production'

const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    /** The web's own public origin. https turns on Secure, __Host- cookies. */
    WEB_URL: z.string().url().default('http://localhost:3000'),
    /** Where the web server calls the API (server to server). */
    API_URL: z.string().url().default('http://localhost:4000'),
    /** The API as the browser sees it (realtime socket, images). */
    PUBLIC_API_URL: z.string().url().optional(),
    /** Comma-separated; the first signs new cookies, all verify (rotation). */
    SESSION_SECRET: z.string().min(16).default(DEV_SESSION_SECRET),
    GOOGLE_CLIENT_ID: z.string().optional(),
    SUPPORT_URL: z.string().default('mailto:support@nearby.app'),
    /** The zone event times are shown and entered in (pages render on the server, before any JS). */
    TIME_ZONE: z.string().default(DEFAULT_TIME_ZONE).refine(isTimeZone, 'an IANA time zone, e.g. Europe/Belgrade'),
    /** Photos of a form that came back with errors wait here (no JavaScript: a file input cannot be refilled). */
    /** Map tiles (a Leaflet URL template) and the attribution their licence asks for. */
    MAP_TILE_URL: z.string().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
    MAP_TILE_ATTRIBUTION: z
      .string()
      .default('&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && env.SESSION_SECRET === DEV_SESSION_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'SESSION_SECRET must be set in production' })
    }
  })

export type WebEnv = z.infer<typeof schema>

/** Cookies are Secure (and the session cookie __Host- prefixed) whenever the site is served over https. */
export function cookiesAreSecure(): boolean {
  return getEnv().WEB_URL.startsWith('https:')
}

let parsed: WebEnv | undefined

export function getEnv(): WebEnv {
  if (!parsed) {
    const result = schema.safeParse(process.env)
    if (!result.success) {
      console.error('❌ Invalid web environment:', result.error.flatten().fieldErrors)
      throw new Error('Invalid web environment variables')
    }
    parsed = result.data
  }
  return parsed
}

/** The whitelisted part of the env that the browser may see. */
export function getPublicEnv() {
  const env = getEnv()
  return {
    MODE: env.NODE_ENV,
    PUBLIC_API_URL: env.PUBLIC_API_URL ?? env.API_URL,
    GOOGLE_CLIENT_ID: env.GOOGLE_CLIENT_ID ?? null,
    SUPPORT_URL: env.SUPPORT_URL,
    TIME_ZONE: env.TIME_ZONE,
    MAP_TILE_URL: env.MAP_TILE_URL,
    MAP_TILE_ATTRIBUTION: env.MAP_TILE_ATTRIBUTION,
  }
}
export type PublicEnv = ReturnType<typeof getPublicEnv>
