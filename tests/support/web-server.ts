// The built web (server.mjs) as its own process on a free port, for tests of what only the whole server
// does: headers, the request scope, cookies across requests. Needs `npx remix build` (npm test runs it).
import { spawn, type ChildProcess } from 'node:child_process'
import http from 'node:http'
import net from 'node:net'

export interface WebServer {
  url: string
  stop(): void
  /** What the server has written to stderr so far (it is also passed through to the test's stderr). */
  stderr(): string
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo
      probe.close(() => resolve(port))
    })
    probe.on('error', reject)
  })
}

export async function startWebServer(env: Record<string, string>): Promise<WebServer> {
  const port = await freePort()
  const child: ChildProcess = spawn(process.execPath, ['server.mjs'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      WEB_URL: `http://127.0.0.1:${port}`,
      API_URL: `http://127.0.0.1:${await freePort()}`, // nothing listens: pages load without the API
      SESSION_SECRET: 'web-test-session-secret-0123456789',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk
    process.stderr.write(chunk)
  })
  const url = `http://127.0.0.1:${port}`
  for (let attempt = 0; attempt < 150; attempt++) {
    if (child.exitCode !== null) throw new Error(`the web server exited with ${child.exitCode}`)
    try {
      await fetch(`${url}/favicon.svg`)
      return { url, stop: () => child.kill('SIGTERM'), stderr: () => stderr }
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
  child.kill('SIGTERM')
  throw new Error('the web server did not start')
}

/** A raw GET with a given Accept-Encoding (null: none sent); fetch would decode the body and hide the encoding. */
export function getRaw(url: string, acceptEncoding: string | null): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: acceptEncoding === null ? {} : { 'accept-encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
    })
    request.on('error', reject)
  })
}
