// Starts the API: config, migrations, demo seed on first start, listen, clean shutdown.
import fs from 'node:fs'
import { buildApp } from './app'
import { loadConfig } from './config'
import { migrateToLatest } from './db/migrations'
import { seedDemo } from './db/seed'
import { apiJobs } from './jobs'
import { createScheduler } from './jobs/scheduler'
import { sweepOrphanUploads } from './media/sweep'
import { webhooksOf } from './modules/webhooks'

async function main() {
  const config = loadConfig()
  fs.mkdirSync(config.dataDir, { recursive: true })
  const app = await buildApp(config)
  // A bucket that is missing or out of reach stops the start here, not at the first upload.
  await app.ctx.images.storage.check()
  app.log.info({ storage: app.ctx.images.storage.kind }, config.s3 ? `photos in S3 bucket ${config.s3.bucket}` : `photos in ${config.uploadsDir}`)
  await migrateToLatest(app.ctx.db)
  if (config.seedDemo) {
    try {
      const seeded = await seedDemo(app.ctx.db, { images: app.ctx.images })
      if (seeded) app.log.info(seeded, 'demo data seeded')
    } catch (err) {
      // Several instances started at once on an empty database: one seeds, the others find its rows (the
      // loser's pictures are swept as orphans). Anything else stops the start.
      const users = await app.ctx.db.selectFrom('users').select('id').limit(1).execute()
      if (users.length === 0) throw err
      app.log.info('demo data seeded by another instance')
    }
  }

  // Files a crash left without a row, old enough not to be another instance's upload in progress (decision 022).
  try {
    const swept = await sweepOrphanUploads(app.ctx)
    if (swept.removed) app.log.info(swept, 'orphaned uploads removed')
  } catch (err) {
    app.log.error({ err }, 'sweeping orphaned uploads failed')
  }

  // Background jobs: every instance runs the timers; each slot runs on one instance (api/jobs/scheduler.ts).
  const scheduler = createScheduler(app.ctx.db, apiJobs(app.ctx), { log: app.log })
  app.addHook('onClose', () => scheduler.stop())

  let closing = false
  const shutdown = (signal: string) => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'shutting down')
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out')
      process.exit(1)
    }, 10_000)
    timer.unref()
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'error during shutdown')
        process.exit(1)
      },
    )
  }
  process.on('SIGTERM', () => shutdown('SIGTERM'))
  process.on('SIGINT', () => shutdown('SIGINT'))

  await app.listen({ host: config.host, port: config.port })
  if (config.jobsEnabled) {
    scheduler.start()
    // Deliveries to the fediverse: every instance takes messages from the shared queue, each one once.
    app.ctx.federation?.startQueue()
    // Webhook deliveries: every instance polls the shared queue, each message taken once (decision 050).
    webhooksOf(app.ctx).delivery.start()
  }
  if (app.ctx.federation) app.log.info({ origin: config.federation.origin }, 'federation is on')
}

main().catch((err: unknown) => {
  console.error(err)
  process.exit(1)
})
