// Browser tests in Debian's chromium-headless-shell (never a downloaded browser; decision 026), each spec
// once with JavaScript on and once with it off. The stack is real: an SMTP receiver, the API on a fresh
// SQLite file, the built web.
// Run `npm run build` first (npm test does). Parallel runs on one machine: set E2E_PORT_OFFSET.
import { defineConfig } from '@playwright/test'
import { chromiumLaunch, e2e } from './tests/e2e/env'

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: e2e.webUrl,
    locale: 'en-US',
    timezoneId: e2e.timeZone,
    trace: 'retain-on-failure',
    launchOptions: chromiumLaunch(),
  },
  projects: [
    { name: 'js-on', use: { javaScriptEnabled: true } },
    { name: 'js-off', use: { javaScriptEnabled: false } },
  ],
  webServer: [
    {
      command: `npx tsx tests/support/smtp-receiver.ts --smtp-port ${e2e.smtpPort} --http-port ${e2e.mailHttpPort}`,
      url: `${e2e.mailUrl}/messages`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: `npx tsx tests/support/outside-services.ts --geocoder-port ${e2e.geocoderPort} --tiles-port ${e2e.tilesPort} --fediverse-port ${e2e.fediversePort}`,
      url: `${e2e.tilesUrl}/requests`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: `rm -rf '${e2e.dataDir}' && mkdir -p '${e2e.dataDir}' && npx tsx api/main.ts`,
      url: `${e2e.apiUrl}/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        NODE_ENV: 'test',
        API_HOST: '127.0.0.1',
        API_PORT: String(e2e.apiPort),
        API_PUBLIC_URL: e2e.apiUrl,
        WEB_URL: e2e.webUrl,
        DATA_DIR: e2e.dataDir,
        SMTP_URL: `smtp://127.0.0.1:${e2e.smtpPort}`,
        GEOCODER_URL: e2e.geocoderUrl,
        // Every test signs in from 127.0.0.1: keep the limits' shape but not their tightness.
        RATE_LIMIT_MULTIPLIER: '1000',
        SEED_DEMO: 'true',
        LOG_LEVEL: 'warn',
        // The fediverse cards and "Follow from your server" (docs/decisions/039); the reader's server is on loopback.
        FEDERATION: 'on',
        ALLOW_PRIVATE_ADDRESSES: 'true',
      },
    },
    {
      command: 'node server.mjs',
      url: e2e.webUrl,
      reuseExistingServer: false,
      timeout: 30_000,
      env: {
        NODE_ENV: 'production',
        PORT: String(e2e.webPort),
        WEB_URL: e2e.webUrl,
        API_URL: e2e.apiUrl,
        SESSION_SECRET: e2e.sessionSecret,
        MAP_TILE_URL: `${e2e.tilesUrl}/{z}/{x}/{y}.png`,
        TIME_ZONE: e2e.timeZone,
      },
    },
  ],
})
