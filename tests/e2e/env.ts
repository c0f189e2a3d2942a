// Ports and paths of the browser-test stack. E2E_PORT_OFFSET lets two runs on one machine not collide.
import path from 'node:path'

const offset = Number(process.env.E2E_PORT_OFFSET ?? 0)

export const e2e = {
  webPort: 3100 + offset,
  apiPort: 4100 + offset,
  smtpPort: 2525 + offset,
  mailHttpPort: 2580 + offset,
  geocoderPort: 4300 + offset,
  tilesPort: 4400 + offset,
  /** A reader's own fediverse server (tests/support/fediverse-server.ts). */
  fediversePort: 4500 + offset,
  dataDir: path.resolve(`.cache/e2e-${offset}`),
  sessionSecret: 'e2e-session-secret-0123456789abcdef',
  /** The web's TIME_ZONE, and the browser's too: "today" (past days are refused) is the same day for both. */
  timeZone: 'Europe/Belgrade',
  get webUrl() {
    return `http://localhost:${this.webPort}`
  },
  get apiUrl() {
    return `http://127.0.0.1:${this.apiPort}`
  },
  get geocoderUrl() {
    return `http://127.0.0.1:${this.geocoderPort}`
  },
  get tilesUrl() {
    return `http://127.0.0.1:${this.tilesPort}`
  },
  get mailUrl() {
    return `http://127.0.0.1:${this.mailHttpPort}`
  },
  get databaseFile() {
    return path.join(this.dataDir, 'nearby.db')
  },
}

/** Debian's Chromium as every test launches it; a spec that needs more (a fake camera) adds its own flags. */
export function chromiumLaunch(extraArgs: string[] = []) {
  return {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  }
}
