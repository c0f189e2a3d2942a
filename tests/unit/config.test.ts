import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../api/config'

describe('loadConfig', () => {
  it('has laptop defaults', () => {
    const c = loadConfig({})
    expect(c).toMatchObject({
      host: '0.0.0.0',
      port: 4000,
      publicUrl: 'http://localhost:4000',
      webUrl: 'http://localhost:3000',
      dataDir: 'data',
      database: { dialect: 'sqlite', filename: 'data/nearby.db' },
      accessTokenTtlSeconds: 900,
      refreshTokenTtlDays: 30,
      refreshGraceSeconds: 60,
      refreshRotateAfterSeconds: 60,
      googleJwksUrl: 'https://www.googleapis.com/oauth2/v3/certs',
      rateLimitMultiplier: 1,
      trustProxy: 'loopback',
      logLevel: 'info',
      seedDemo: true,
    })
    expect(c.redisUrl).toBeUndefined()
    expect(c.smtpUrl).toBeUndefined()
    expect(c.googleClientId).toBeUndefined()
    expect(c.androidStoreUrl).toMatch(/^https:\/\/play\.google\.com\/store\/search\?q=Nearby/)
    expect(c.iosStoreUrl).toMatch(/^https:\/\/apps\.apple\.com\/search\?term=Nearby/)
  })

  it('serves photo URLs on the port it listens on unless API_PUBLIC_URL says otherwise', () => {
    expect(loadConfig({ API_PORT: '4600' }).publicUrl).toBe('http://localhost:4600')
    expect(loadConfig({ API_PORT: '4600', API_PUBLIC_URL: 'https://api.nearby.example/' }).publicUrl).toBe('https://api.nearby.example')
    expect(() => loadConfig({ API_PUBLIC_URL: 'not a url' })).toThrow()
  })

  it('switches to PostgreSQL for postgres:// and postgresql:// URLs', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h:5432/db' }).database).toEqual({
      dialect: 'postgres',
      connectionString: 'postgres://u@h:5432/db',
      poolMax: 10,
      preparedStatements: true,
    })
    expect(
      loadConfig({ DATABASE_URL: 'postgres://u@h/db', DATABASE_POOL_MAX: '4', DATABASE_PREPARED_STATEMENTS: 'false' }).database,
    ).toMatchObject({ poolMax: 4, preparedStatements: false })
    expect(() => loadConfig({ DATABASE_URL: 'postgres://u@h/db', DATABASE_POOL_MAX: '0' })).toThrow()
    expect(loadConfig({ DATABASE_URL: 'postgresql://u@h/db' }).database.dialect).toBe('postgres')
    expect(loadConfig({ DATABASE_URL: '/tmp/x.db' }).database).toEqual({
      dialect: 'sqlite',
      filename: '/tmp/x.db',
    })
    expect(loadConfig({ DATA_DIR: '/var/nearby' }).database).toEqual({
      dialect: 'sqlite',
      filename: '/var/nearby/nearby.db',
    })
  })

  it('photos on the disk by default; in a bucket with every S3_* variable; path-style except on AWS', () => {
    expect(loadConfig({}).s3).toBeNull()
    const keys = { S3_BUCKET: 'photos', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' }
    expect(loadConfig({ S3_URL: 'http://127.0.0.1:9000/', ...keys }).s3).toEqual({
      url: 'http://127.0.0.1:9000',
      bucket: 'photos',
      region: 'us-east-1',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    })
    const aws = loadConfig({ S3_URL: 'https://s3.eu-central-1.amazonaws.com', S3_REGION: 'eu-central-1', ...keys }).s3
    expect(aws).toMatchObject({ region: 'eu-central-1', forcePathStyle: false })
    expect(loadConfig({ S3_URL: 'https://minio.example.org', S3_FORCE_PATH_STYLE: 'false', ...keys }).s3?.forcePathStyle).toBe(false)
    expect(() => loadConfig({ S3_URL: 'http://127.0.0.1:9000', S3_BUCKET: 'photos' })).toThrow(
      /S3_ACCESS_KEY_ID: S3 storage needs S3_URL, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/,
    )
    expect(() => loadConfig({ S3_URL: 'not a url', ...keys })).toThrow(/S3_URL/)
    expect(() => loadConfig({ S3_URL: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: 'maybe', ...keys })).toThrow(/S3_FORCE_PATH_STYLE/)
  })

  it('production requires a real JWT_SECRET', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET/)
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/)
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) }).isProduction).toBe(true)
  })

  it('parses numbers, booleans and trust proxy', () => {
    const c = loadConfig({
      API_PORT: '5000',
      RATE_LIMIT_MULTIPLIER: '2.5',
      SEED_DEMO: 'false',
      TRUST_PROXY: '1',
      REFRESH_GRACE_SECONDS: '0',
    })
    expect(c.port).toBe(5000)
    expect(c.rateLimitMultiplier).toBe(2.5)
    expect(c.seedDemo).toBe(false)
    expect(c.trustProxy).toBe(1)
    expect(c.refreshGraceSeconds).toBe(0)
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false)
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8,127.0.0.1' }).trustProxy).toBe('10.0.0.0/8,127.0.0.1')
    expect(() => loadConfig({ API_PORT: 'abc' })).toThrow(/API_PORT/)
    expect(() => loadConfig({ SEED_DEMO: 'maybe' })).toThrow(/SEED_DEMO/)
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/)
  })

  it('web push and realtime: off without VAPID keys, laptop defaults, keys checked', async () => {
    const c = loadConfig({})
    expect(c.webPush).toEqual({
      publicKey: null,
      privateKey: null,
      subject: 'mailto:no-reply@nearby.local',
      ttlSeconds: 86_400,
      timeoutMs: 5000,
    })
    expect(c.realtime).toEqual({ ticketTtlSeconds: 60, presenceTimeoutMs: 75_000, redisKey: 'nearby-socket.io' })
    const { default: webpush } = await import('web-push')
    const keys = webpush.generateVAPIDKeys()
    const on = loadConfig({ VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey, VAPID_SUBJECT: 'https://nearby.example' })
    expect(on.webPush).toMatchObject({ publicKey: keys.publicKey, privateKey: keys.privateKey, subject: 'https://nearby.example' })
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: keys.publicKey })).toThrow(/VAPID_PRIVATE_KEY/)
    expect(() => loadConfig({ VAPID_PRIVATE_KEY: keys.privateKey })).toThrow(/VAPID_PUBLIC_KEY/)
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: keys.privateKey, VAPID_PRIVATE_KEY: keys.privateKey })).toThrow(/VAPID_PUBLIC_KEY/)
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: 'nope' })).toThrow(/VAPID_PRIVATE_KEY/)
    expect(() => loadConfig({ VAPID_SUBJECT: 'http://nearby.example' })).toThrow(/VAPID_SUBJECT/)
    expect(loadConfig({ MAIL_FROM: 'ops@nearby.example' }).webPush.subject).toBe('mailto:ops@nearby.example')
    expect(() => loadConfig({ REALTIME_TICKET_TTL_SECONDS: '0' })).toThrow(/REALTIME_TICKET_TTL_SECONDS/)
  })

  it('federates only when asked, or by default behind a public https WEB_URL', () => {
    expect(loadConfig({}).federation).toMatchObject({ enabled: false, origin: 'http://localhost:3000', host: 'localhost:3000' })
    expect(loadConfig({ WEB_URL: 'https://nearby.example' }).federation).toMatchObject({ enabled: true, host: 'nearby.example' })
    expect(loadConfig({ WEB_URL: 'https://10.0.0.5' }).federation.enabled).toBe(false)
    expect(loadConfig({ WEB_URL: 'https://nearby.example', FEDERATION: 'off' }).federation.enabled).toBe(false)
    expect(loadConfig({ FEDERATION: 'on' }).federation.enabled).toBe(true)
    expect(() => loadConfig({ FEDERATION: 'maybe' })).toThrow(/FEDERATION/)
  })

  it('one setting lets every outbound request reach private addresses, never in production; old names point to it', () => {
    expect(loadConfig({}).allowPrivateAddresses).toBe(false)
    expect(loadConfig({ ALLOW_PRIVATE_ADDRESSES: 'true' }).allowPrivateAddresses).toBe(true)
    expect(() =>
      loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), ALLOW_PRIVATE_ADDRESSES: 'true' }),
    ).toThrow(/ALLOW_PRIVATE_ADDRESSES: a test-only setting/)
    for (const former of ['FEDERATION_ALLOW_PRIVATE_ADDRESSES', 'PUSH_ALLOW_INSECURE_ENDPOINTS'])
      expect(() => loadConfig({ [former]: 'true' })).toThrow(new RegExp(`${former}: renamed: set ALLOW_PRIVATE_ADDRESSES`))
  })
})
