// The data of an API run as a process of its own (the crash tests): a fresh folder with a SQLite file, or with
// TEST_DATABASE=postgres a PostgreSQL database of its own; migrated, with one user made by the API's own code, and
// the environment the process starts with (its token issuer fixed, so tokens outlive restarts).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { buildApp } from '../../api/app'
import { loadConfig } from '../../api/config'
import { migrateToLatest } from '../../api/db/migrations'
import { PROOF_JWT_SECRET } from '../../scripts/proofs/lib'
import { type DatabaseOutside, postgresOutside, sqliteOutside } from '../support/database-outside'
import { makeUser } from './events-fixtures'
import { createPgDatabase, usePostgres, type TestApi } from './helpers'

export interface ProcessData {
  env: Record<string, string>
  /** The SQLite file, or null on PostgreSQL. */
  file: string | null
  /** The PostgreSQL database's URL, or null on SQLite. */
  databaseUrl: string | null
  /** The user's access token (a day long). */
  token: string
  /** The database read from outside the process. */
  outside(): DatabaseOutside
  remove(): Promise<void>
}

export async function prepareProcessData(name: string, env: Record<string, string> = {}): Promise<ProcessData> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `nearby-${name}-`))
  const database = usePostgres ? await createPgDatabase() : null
  const file = database ? null : path.join(dataDir, 'nearby.db')
  const fullEnv = {
    DATA_DIR: dataDir,
    DATABASE_URL: database?.url ?? file!,
    API_PUBLIC_URL: `http://api.${name}.test`,
    ACCESS_TOKEN_TTL_SECONDS: '86400',
    ALLOW_PRIVATE_ADDRESSES: 'true',
    ...env,
  }
  const setup = await buildApp(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false', JWT_SECRET: PROOF_JWT_SECRET, ...fullEnv }))
  await migrateToLatest(setup.ctx.db)
  const token = (await makeUser({ app: setup } as unknown as TestApi)).token
  await setup.close()
  return {
    env: fullEnv,
    file,
    databaseUrl: database?.url ?? null,
    token,
    outside: () => (database ? postgresOutside(database.url) : sqliteOutside(file!)),
    async remove() {
      await database?.drop()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
