// npm run seed: migrate and seed demo data into DATABASE_URL (nothing when users exist, or with SEED_DEMO=false).
import fs from 'node:fs'
import { loadConfig } from '../config'
import { createImageStore } from '../media/images'
import { storageFor } from '../media/storage'
import { createDb } from './index'
import { migrateToLatest } from './migrations'
import { seedDemo } from './seed'

const config = loadConfig()
fs.mkdirSync(config.dataDir, { recursive: true })
const handle = createDb(config.database)
try {
  await migrateToLatest(handle.db)
  if (!config.seedDemo) console.log('Migrated; SEED_DEMO=false: nothing seeded.')
  else {
    const result = await seedDemo(handle.db, { images: createImageStore(storageFor(config)) })
    console.log(result ? `Seeded demo data: ${JSON.stringify(result)}` : 'Users exist already: nothing seeded.')
  }
} finally {
  await handle.destroy()
}
