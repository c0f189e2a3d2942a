import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

/** The web's `~/` imports (tsconfig paths), for tests that load app modules. */
const appAlias = { alias: [{ find: /^~\//, replacement: fileURLToPath(new URL('./app/', import.meta.url)) }] }

export default defineConfig({
  test: {
    // Vitest's default on 2 cores is one worker: every file in turn. Much of a file's time is waiting (on a
    // server it started, a mail, a token to expire), so three overlap that without starving the CPU.
    maxWorkers: 3,
    projects: [
      {
        resolve: appAlias,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          pool: 'forks',
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The web's server modules (app/*.server.ts) against the real API.
        resolve: appAlias,
        test: {
          name: 'web',
          include: ['tests/web/**/*.test.ts'],
          environment: 'node',
          pool: 'forks',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Two API and two web instances behind nginx (scripts/cluster.ts): its own step of `npm test`, run
        // alone (`vitest run --project cluster`), after the build and with nginx installed.
        resolve: appAlias,
        test: {
          name: 'cluster',
          include: ['tests/cluster/**/*.test.ts'],
          environment: 'node',
          pool: 'forks',
          testTimeout: 30_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
})
