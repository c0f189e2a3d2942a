// Every environment variable of the API, parsed once with zod. Defaults run on a laptop.
import { z } from 'zod'
import { DEFAULT_TIME_ZONE, isTimeZone } from '#contract'
import { isPrivateHost } from './lib/addresses'
import type { S3Settings } from './media/storage'

const DEV_JWT_SECRET = 'dev-only-insecure-jwt-secret-change-me-0123456789'

const bool = (fallback: boolean) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === '') return fallback
      const v = value.trim().toLowerCase()
      if (['1', 'true', 'yes', 'on'].includes(v)) return true
      if (['0', 'false', 'no', 'off'].includes(v)) return false
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'expected a boolean (true/false)' })
      return z.NEVER
    })

const BOOLEAN_WORDS = ['1', 'true', 'yes', 'on', '0', 'false', 'no', 'off']

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value && value.trim() !== '' ? value.trim() : undefined))

const url = (fallback: string) =>
  z
    .string()
    .optional()
    .transform((v) => (v && v.trim() !== '' ? v.trim() : fallback))
    .pipe(z.string().url())

const int = (fallback: number, min = 0) =>
  z
    .string()
    .optional()
    .transform((v) => (v && v.trim() !== '' ? Number(v) : fallback))
    .pipe(z.number().int().min(min))

const envSchema = z
  .object({
    NODE_ENV: z.string().optional().default('development'),
    API_HOST: z.string().optional().default('0.0.0.0'),
    API_PORT: int(4000).pipe(z.number().max(65535)),
    // Where clients reach this API (photo URLs): by default this machine on API_PORT.
    API_PUBLIC_URL: optionalString.pipe(z.string().url().optional()),
    WEB_URL: url('http://localhost:3000'),
    DATA_DIR: z.string().optional().default('data'),
    DATABASE_URL: optionalString,
    /** PostgreSQL connections per API process (docs/production.md, "Pool size"). */
    DATABASE_POOL_MAX: int(10, 1),
    /** Off behind a pooler that cannot keep named statements per session (PgBouncer before 1.21 in transaction mode). */
    DATABASE_PREPARED_STATEMENTS: bool(true),
    REDIS_URL: optionalString,
    /** A name for this instance among several, sent as X-Nearby-Instance (e.g. api-1). */
    INSTANCE_ID: optionalString.pipe(z.string().regex(/^[\w.-]{1,40}$/, 'letters, digits, dot, dash or underscore').optional()),
    SMTP_URL: optionalString,
    MAIL_FROM: z.string().optional().default('Nearby <no-reply@nearby.local>'),
    JWT_SECRET: optionalString,
    ACCESS_TOKEN_TTL_SECONDS: int(900, 1),
    REFRESH_TOKEN_TTL_DAYS: int(30, 1),
    REFRESH_GRACE_SECONDS: int(60, 0),
    REFRESH_ROTATE_AFTER_SECONDS: int(60, 0),
    GOOGLE_CLIENT_ID: optionalString,
    GOOGLE_JWKS_URL: url('https://www.googleapis.com/oauth2/v3/certs'),
    ANDROID_STORE_URL: url('https://play.google.com/store/search?q=Nearby&c=apps'),
    IOS_STORE_URL: url('https://apps.apple.com/search?term=Nearby'),
    RATE_LIMIT_MULTIPLIER: z
      .string()
      .optional()
      .transform((v) => (v && v.trim() !== '' ? Number(v) : 1))
      .pipe(z.number().positive()),
    TRUST_PROXY: z.string().optional().default('loopback'),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .optional()
      .default('info'),
    /** pretty: one short human line per request (and readable errors); json: pino's JSON lines; auto: pretty
     * when stdout is a terminal. */
    LOG_FORMAT: z.enum(['auto', 'pretty', 'json']).optional().default('auto'),
    SEED_DEMO: bool(true),
    JOBS_ENABLED: bool(true),
    /** How long an instance holds the webhook messages it took before another may send them (decision 050): longer
     * than a send's 15 s time limit, so a live instance's message is never sent twice. */
    WEBHOOK_LEASE_SECONDS: int(60, 20),
    ACCOUNT_PURGE_DAYS: int(30, 0),
    /** The zone event times are written in (reminder mails and pushes); the web reads the same variable. */
    TIME_ZONE: z.string().optional().default(DEFAULT_TIME_ZONE).refine(isTimeZone, 'an IANA time zone, e.g. Europe/Belgrade'),
    UPLOADS_DIR: optionalString,
    UPLOADS_ORPHAN_GRACE_SECONDS: int(3600, 60),
    /** An S3-compatible bucket for photos instead of UPLOADS_DIR (decision 037): endpoint, bucket, keys. */
    S3_URL: optionalString.pipe(z.string().url().optional()),
    S3_BUCKET: optionalString,
    S3_REGION: z.string().optional().default('us-east-1'),
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    /** http://host/bucket/key (MinIO, s3rver…); by default on for any endpoint but AWS's own. */
    S3_FORCE_PATH_STYLE: optionalString,
    GEOCODER_URL: url('https://nominatim.openstreetmap.org'),
    GEOCODER_USER_AGENT: optionalString,
    GEOCODER_TIMEOUT_MS: int(3000, 100),
    GEOCODER_MIN_INTERVAL_MS: int(1000, 0),
    VAPID_PUBLIC_KEY: optionalString,
    VAPID_PRIVATE_KEY: optionalString,
    VAPID_SUBJECT: optionalString,
    PUSH_TTL_SECONDS: int(86_400, 0),
    PUSH_TIMEOUT_MS: int(5000, 100),
    /** ActivityPub (decision 039): on, off, or unset — on when WEB_URL is a public https address. */
    FEDERATION: optionalString.pipe(z.enum(['on', 'off']).optional()),
    /**
     * Test-only: every outbound request (fediverse, push endpoints, calendars to import) may reach loopback and
     * private networks, over plain http. Refused in production.
     */
    ALLOW_PRIVATE_ADDRESSES: bool(false),
    /** Former names of ALLOW_PRIVATE_ADDRESSES: refused with a pointer to the new one. */
    FEDERATION_ALLOW_PRIVATE_ADDRESSES: optionalString,
    PUSH_ALLOW_INSECURE_ENDPOINTS: optionalString,
    FEDERATION_FETCH_TIMEOUT_MS: int(10_000, 100),
    /** The largest inbox delivery accepted and remote document read. */
    FEDERATION_MAX_BODY_BYTES: int(256 * 1024, 1024),
    FEDERATION_QUEUE_POLL_MS: int(1000, 10),
    REALTIME_TICKET_TTL_SECONDS: int(60, 1).pipe(z.number().max(3600)),
    REALTIME_PRESENCE_TIMEOUT_MS: int(75_000, 100),
    REALTIME_REDIS_KEY: z
      .string()
      .optional()
      .transform((v) => (v && v.trim() !== '' ? v.trim() : 'nearby-socket.io')),
  })
  .superRefine((env, ctx) => {
    if (!!env.VAPID_PUBLIC_KEY !== !!env.VAPID_PRIVATE_KEY) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: [env.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'],
        message: 'set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (npx web-push generate-vapid-keys), or neither',
      })
    }
    if (env.VAPID_PUBLIC_KEY && base64UrlBytes(env.VAPID_PUBLIC_KEY) !== 65) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ['VAPID_PUBLIC_KEY'],
        message: 'expected an uncompressed P-256 public key, base64url (65 bytes)',
      })
    }
    if (env.VAPID_PRIVATE_KEY && base64UrlBytes(env.VAPID_PRIVATE_KEY) !== 32) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ['VAPID_PRIVATE_KEY'],
        message: 'expected a P-256 private key, base64url (32 bytes)',
      })
    }
    if (env.VAPID_SUBJECT && !/^(mailto:\S+@\S+|https:\/\/\S+)$/i.test(env.VAPID_SUBJECT)) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ['VAPID_SUBJECT'],
        message: 'expected a mailto: address or an https: URL',
      })
    }
    const s3 = { S3_URL: env.S3_URL, S3_BUCKET: env.S3_BUCKET, S3_ACCESS_KEY_ID: env.S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: env.S3_SECRET_ACCESS_KEY }
    if (Object.values(s3).some(Boolean)) {
      for (const [name, value] of Object.entries(s3)) {
        if (!value) ctx.addIssue({ code: z.ZodIssueCode.custom, path: [name], message: 'S3 storage needs S3_URL, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY' })
      }
    }
    if (env.S3_FORCE_PATH_STYLE !== undefined && !BOOLEAN_WORDS.includes(env.S3_FORCE_PATH_STYLE.toLowerCase())) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['S3_FORCE_PATH_STYLE'], message: 'expected a boolean (true/false)' })
    }
    for (const former of ['FEDERATION_ALLOW_PRIVATE_ADDRESSES', 'PUSH_ALLOW_INSECURE_ENDPOINTS'] as const) {
      if (env[former] !== undefined)
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: [former], message: 'renamed: set ALLOW_PRIVATE_ADDRESSES instead' })
    }
    if (env.NODE_ENV === 'production' && env.ALLOW_PRIVATE_ADDRESSES) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ['ALLOW_PRIVATE_ADDRESSES'],
        message: 'a test-only setting: production never lets an outbound request reach a private address',
      })
    }
    if (env.NODE_ENV === 'production') {
      if (!env.JWT_SECRET || env.JWT_SECRET.length < 32 || env.JWT_SECRET === DEV_JWT_SECRET) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          path: ['JWT_SECRET'],
          message: 'production needs JWT_SECRET of at least 32 random characters',
        })
      }
    }
  })

export type DatabaseConfig =
  | { dialect: 'sqlite'; filename: string }
  | {
      dialect: 'postgres'
      connectionString: string
      /** Connections per API process (DATABASE_POOL_MAX). */
      poolMax?: number
      /** Named statements, parsed once per connection (DATABASE_PREPARED_STATEMENTS). */
      preparedStatements?: boolean
    }

function base64UrlBytes(value: string): number {
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(value)) return -1
  return Buffer.from(value, 'base64url').length
}

/** mailto: of the address in MAIL_FROM ("Name <a@b>" or "a@b"). */
function mailtoOf(mailFrom: string): string {
  const m = /<([^>]+)>/.exec(mailFrom)
  return `mailto:${(m?.[1] ?? mailFrom).trim()}`
}

function parseTrustProxy(value: string): boolean | number | string {
  const v = value.trim()
  if (v === 'true') return true
  if (v === 'false' || v === '') return false
  if (/^\d+$/.test(v)) return Number(v)
  return v
}

function s3SettingsOf(e: z.infer<typeof envSchema>): S3Settings | null {
  if (!e.S3_URL || !e.S3_BUCKET || !e.S3_ACCESS_KEY_ID || !e.S3_SECRET_ACCESS_KEY) return null
  const pathStyle = e.S3_FORCE_PATH_STYLE?.toLowerCase()
  return {
    url: e.S3_URL.replace(/\/+$/, ''),
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    forcePathStyle: pathStyle === undefined ? !/\.amazonaws\.com$/i.test(new URL(e.S3_URL).hostname) : ['1', 'true', 'yes', 'on'].includes(pathStyle),
  }
}

/** Federation is on when asked, or by default when the web is at a public https address (not `npm start`). */
function federationSettingsOf(e: z.infer<typeof envSchema>) {
  const web = new URL(e.WEB_URL)
  const publicHttps = web.protocol === 'https:' && !isPrivateHost(web.hostname)
  return {
    enabled: e.FEDERATION ? e.FEDERATION === 'on' : publicHttps,
    /** Where actors, objects and handles live: the web's origin (it forwards the ActivityPub paths to the API). */
    origin: web.origin,
    /** The host of handles (@name@host). */
    host: web.host,
    fetchTimeoutMs: e.FEDERATION_FETCH_TIMEOUT_MS,
    maxBodyBytes: e.FEDERATION_MAX_BODY_BYTES,
    queuePollMs: e.FEDERATION_QUEUE_POLL_MS,
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const parsed = envSchema.safeParse(env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`)
    throw new Error(`Invalid environment:\n${lines.join('\n')}`)
  }
  const e = parsed.data
  const dataDir = e.DATA_DIR
  const databaseUrl = e.DATABASE_URL ?? `${dataDir.replace(/\/+$/, '')}/nearby.db`
  const database: DatabaseConfig = /^postgres(ql)?:\/\//i.test(databaseUrl)
    ? { dialect: 'postgres', connectionString: databaseUrl, poolMax: e.DATABASE_POOL_MAX, preparedStatements: e.DATABASE_PREPARED_STATEMENTS }
    : { dialect: 'sqlite', filename: databaseUrl.replace(/^(sqlite|file):(\/\/)?/i, '') }
  return {
    nodeEnv: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    host: e.API_HOST,
    port: e.API_PORT,
    publicUrl: (e.API_PUBLIC_URL ?? `http://localhost:${e.API_PORT}`).replace(/\/+$/, ''),
    webUrl: e.WEB_URL.replace(/\/+$/, ''),
    dataDir,
    databaseUrl,
    database,
    redisUrl: e.REDIS_URL,
    instanceId: e.INSTANCE_ID ?? null,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    jwtSecret: e.JWT_SECRET ?? DEV_JWT_SECRET,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    refreshGraceSeconds: e.REFRESH_GRACE_SECONDS,
    /** A refresh token younger than this is answered with itself: one rotation per session at a time. */
    refreshRotateAfterSeconds: e.REFRESH_ROTATE_AFTER_SECONDS,
    googleClientId: e.GOOGLE_CLIENT_ID,
    googleJwksUrl: e.GOOGLE_JWKS_URL,
    androidStoreUrl: e.ANDROID_STORE_URL,
    iosStoreUrl: e.IOS_STORE_URL,
    rateLimitMultiplier: e.RATE_LIMIT_MULTIPLIER,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT === 'auto' ? (process.stdout.isTTY ? 'pretty' : 'json') : e.LOG_FORMAT,
    seedDemo: e.SEED_DEMO,
    /** Test-only: outbound requests (api/lib/outbound-fetch.ts) may reach loopback and private networks over http. */
    allowPrivateAddresses: e.ALLOW_PRIVATE_ADDRESSES,
    jobsEnabled: e.JOBS_ENABLED,
    webhookLeaseSeconds: e.WEBHOOK_LEASE_SECONDS,
    /** Days between a deletion request and the purge of the account's data (the privacy policy's 30). */
    accountPurgeDays: e.ACCOUNT_PURGE_DAYS,
    /** Event times in mails and pushes are written in this zone, as the web shows them (decision 005). */
    timeZone: e.TIME_ZONE,
    uploadsDir: e.UPLOADS_DIR ?? `${dataDir.replace(/\/+$/, '')}/uploads`,
    uploadsOrphanGraceSeconds: e.UPLOADS_ORPHAN_GRACE_SECONDS,
    /** The bucket photos live in; null: the disk under uploadsDir (api/media/storage.ts). */
    s3: s3SettingsOf(e),
    geocoder: {
      url: e.GEOCODER_URL.replace(/\/+$/, ''),
      userAgent: e.GEOCODER_USER_AGENT ?? 'Nearby/1.1.3 (self-hosted; set GEOCODER_USER_AGENT to a contact)',
      timeoutMs: e.GEOCODER_TIMEOUT_MS,
      /** Nominatim's usage policy: at most one request per second. */
      minIntervalMs: e.GEOCODER_MIN_INTERVAL_MS,
    },
    /** Web push (VAPID). Off (null keys) when VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY are unset. */
    webPush: {
      publicKey: e.VAPID_PUBLIC_KEY ?? null,
      privateKey: e.VAPID_PRIVATE_KEY ?? null,
      subject: e.VAPID_SUBJECT ?? mailtoOf(e.MAIL_FROM),
      ttlSeconds: e.PUSH_TTL_SECONDS,
      timeoutMs: e.PUSH_TIMEOUT_MS,
    },
    federation: federationSettingsOf(e),
    realtime: {
      ticketTtlSeconds: e.REALTIME_TICKET_TTL_SECONDS,
      /** A socket that sent no heartbeat (or online) for this long no longer counts as online. */
      presenceTimeoutMs: e.REALTIME_PRESENCE_TIMEOUT_MS,
      /** Prefix of the socket.io Redis adapter channels (with REDIS_URL). */
      redisKey: e.REALTIME_REDIS_KEY,
    },
  }
}

export type Config = ReturnType<typeof loadConfig>
