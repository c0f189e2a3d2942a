// A fake Nominatim-compatible geocoder on loopback: GET /search?format=json&q=… and
// GET /reverse?format=json&lat=…&lon=… answer items {display_name, lat, lon}. It records every request
// (time, path, query, User-Agent) so tests can assert caching and the 1 request/s pacing, and can be told
// to fail (HTTP 500) or hang (for timeouts).
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export interface NominatimRequest {
  at: number
  path: string
  query: Record<string, string>
  userAgent: string | undefined
}

export interface FakeNominatim {
  url: string
  requests: NominatimRequest[]
  /** 'ok' (default), 'error' (HTTP 500) or 'hang' (never answers). */
  mode: 'ok' | 'error' | 'hang'
  /** Known places: a lower-case substring of q → items. */
  places: Map<string, { display_name: string; lat: string; lon: string }[]>
  close(): Promise<void>
}

export async function startFakeNominatim(listenPort = 0): Promise<FakeNominatim> {
  const hanging = new Set<http.ServerResponse>()
  const state: FakeNominatim = {
    url: '',
    requests: [],
    mode: 'ok',
    places: new Map([
      [
        'knez mihailova',
        [{ display_name: 'Knez Mihailova, Stari Grad, Belgrade, Serbia', lat: '44.8170', lon: '20.4570' }],
      ],
      // An address no geocoder knows.
      ['no such place', []],
    ]),
    close: async () => undefined,
  }
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x')
    state.requests.push({
      at: Date.now(),
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      userAgent: req.headers['user-agent'],
    })
    if (state.mode === 'hang') {
      hanging.add(res)
      return
    }
    if (state.mode === 'error') {
      res.writeHead(500, { 'content-type': 'text/plain' })
      res.end('upstream broken')
      return
    }
    res.setHeader('content-type', 'application/json')
    if (url.pathname === '/search') {
      const q = (url.searchParams.get('q') ?? '').toLowerCase()
      // A known place answers its items (none, for a place set to an empty list); any other, one made-up item.
      const known = [...state.places.entries()].filter(([k]) => q.includes(k))
      const items = known.flatMap(([, v]) => v)
      res.end(JSON.stringify(known.length ? items : [{ display_name: `${url.searchParams.get('q')}, Somewhere`, lat: '1.5', lon: '2.5' }]))
      return
    }
    if (url.pathname === '/reverse') {
      const lat = url.searchParams.get('lat') ?? '0'
      const lon = url.searchParams.get('lon') ?? '0'
      res.end(JSON.stringify({ display_name: `Point ${lat}, ${lon}`, lat, lon }))
      return
    }
    res.statusCode = 404
    res.end('[]')
  })
  await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  state.url = `http://127.0.0.1:${port}`
  state.close = async () => {
    for (const r of hanging) r.destroy()
    server.closeAllConnections()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }
  return state
}
