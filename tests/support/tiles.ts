// A fake map tile server on loopback: GET /{z}/{x}/{y}.png answers a 256×256 PNG, as a real
// slippy-map tile server does. GET /requests lists the tiles asked for, so tests can see the map
// really loaded its tiles from the configured MAP_TILE_URL.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import sharp from 'sharp'

export interface FakeTiles {
  url: string
  /** Leaflet URL template for MAP_TILE_URL. */
  template: string
  requests: string[]
  close(): Promise<void>
}

export async function startFakeTiles(port = 0): Promise<FakeTiles> {
  const tile = await sharp({ create: { width: 256, height: 256, channels: 3, background: '#e2e8f0' } })
    .png()
    .toBuffer()
  const requests: string[] = []
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x')
    if (url.pathname === '/requests') {
      res.setHeader('content-type', 'application/json')
      res.end(JSON.stringify(requests))
      return
    }
    if (/^\/\d+\/\d+\/\d+\.png$/.test(url.pathname)) {
      requests.push(url.pathname)
      res.writeHead(200, {
        'content-type': 'image/png',
        'cache-control': 'public, max-age=86400',
        'access-control-allow-origin': '*',
      })
      res.end(tile)
      return
    }
    res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url,
    template: `${url}/{z}/{x}/{y}.png`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
