import url from 'node:url'
import path from 'node:path'
process.env.NODE_ENV = 'production'
const build = await import(url.pathToFileURL(path.resolve('build/index.js')).href)
const { createRequestHandler } = await import('@remix-run/node')
const handler = createRequestHandler(build.entry.module.withApiRefusalsAsResponses(build), 'production')
const target = process.argv[2]
const N = Number(process.argv[3] ?? 300)
async function one() {
  const request = new Request('http://127.0.0.1:3900' + target, { headers: { 'accept-encoding': 'br' } })
  const response = await build.entry.module.handleWithApiSession(() => handler(request, { cspNonce: 'abc' }))
  return (await response.arrayBuffer()).byteLength
}
for (let i = 0; i < 100; i++) await one()
const c0 = process.cpuUsage(); const t0 = performance.now()
let bytes = 0
for (let i = 0; i < N; i += 10) { const r = await Promise.all(Array.from({ length: 10 }, one)); bytes = r[0] }
const c = process.cpuUsage(c0)
console.log(target, 'in-process CPU ms/req', ((c.user + c.system) / 1000 / N).toFixed(3), 'bytes', bytes)
