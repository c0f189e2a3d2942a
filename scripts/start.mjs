// `npm start`: runs the built product on this machine — the API (SQLite in ./data, demo data on first start)
// and the web — and prints the one URL to open. Secrets are generated once into data/secrets.json unless
// the environment provides them (production deployments set JWT_SECRET and SESSION_SECRET themselves).
import { spawn } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

const dataDir = path.resolve(process.env.DATA_DIR ?? 'data')
fs.mkdirSync(dataDir, { recursive: true })

const secretsFile = path.join(dataDir, 'secrets.json')
let secrets = {}
if (fs.existsSync(secretsFile)) secrets = JSON.parse(fs.readFileSync(secretsFile, 'utf8'))
for (const name of ['JWT_SECRET', 'SESSION_SECRET']) {
  secrets[name] ??= crypto.randomBytes(32).toString('base64url')
}
fs.writeFileSync(secretsFile, JSON.stringify(secrets, null, 2), { mode: 0o600 })

const apiPort = process.env.API_PORT ?? '4000'
const webPort = process.env.PORT ?? '3000'
const webUrl = process.env.WEB_URL ?? `http://localhost:${webPort}`
const apiUrl = process.env.API_URL ?? `http://127.0.0.1:${apiPort}`

const common = { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production', DATA_DIR: dataDir }
const children = []

function run(name, command, args, env) {
  const child = spawn(command, args, { env, stdio: 'inherit' })
  child.on('exit', (code, signal) => {
    console.log(`${name} stopped (${signal ?? code}); stopping the rest.`)
    for (const other of children) if (other !== child) other.kill('SIGTERM')
    process.exitCode = code ?? 1
  })
  children.push(child)
  return child
}

async function waitForHealth(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    try {
      const answer = await fetch(url)
      if (answer.ok) return
      // The API serves from its database while Redis is away (REDIS_URL): say so and go on.
      const health = await answer.json().catch(() => null)
      if (health?.database === 'ok' && health?.redis === 'error') {
        console.warn(`  Redis (REDIS_URL) is not answering: Nearby serves without it and joins it when it does.`)
        return
      }
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`)
}

run('API', process.execPath, ['--import', 'tsx', 'api/main.ts'], {
  ...common,
  API_PORT: apiPort,
  // Photo URLs the browser can open: the API on the port it listens on here.
  API_PUBLIC_URL: process.env.API_PUBLIC_URL ?? `http://localhost:${apiPort}`,
  WEB_URL: webUrl,
  JWT_SECRET: process.env.JWT_SECRET ?? secrets.JWT_SECRET,
})
await waitForHealth(`${apiUrl}/health`, 60_000)
run('Web', process.execPath, ['server.mjs'], {
  ...common,
  PORT: webPort,
  WEB_URL: webUrl,
  API_URL: apiUrl,
  PUBLIC_API_URL: process.env.PUBLIC_API_URL ?? `http://localhost:${apiPort}`,
  SESSION_SECRET: process.env.SESSION_SECRET ?? secrets.SESSION_SECRET,
})
await waitForHealth(webUrl, 30_000)
console.log(`\n  Nearby is running: open ${webUrl}\n  (API http://localhost:${apiPort}, OpenAPI document at /openapi.json, browsable at /docs)\n`)

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    for (const child of children) child.kill('SIGTERM')
  })
}
