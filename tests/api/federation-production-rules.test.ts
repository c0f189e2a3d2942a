// Federation under production rules (decision 046): an instance that may not reach private addresses refuses
// deliveries whose key or actor lives on one, fetches nothing there (redirects included), and follows no handle
// and proxies no photo of one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { generateCryptoKeyPair, signRequest } from '@fedify/fedify'
import { makeUser, send } from './events-fixtures'
import { BELGRADE } from './federation-kit'
import { freePort, startTestApi, type TestApi } from './helpers'

describe('an instance that may not reach private addresses (production rules)', () => {
  let strict: TestApi
  let strictOrigin: string
  let recorder: http.Server
  let recorderPort: number
  const hits: string[] = []

  beforeAll(async () => {
    recorder = http.createServer((req, res) => {
      hits.push(`${req.method} ${req.url}`)
      res.writeHead(200, { 'content-type': 'application/activity+json' })
      res.end('{}')
    })
    await new Promise<void>((resolve) => recorder.listen(0, '127.0.0.1', resolve))
    recorderPort = (recorder.address() as AddressInfo).port
    const port = await freePort()
    strictOrigin = `http://localhost:${port}`
    strict = await startTestApi({ FEDERATION: 'on', WEB_URL: strictOrigin }, undefined, {}, port)
  })
  afterAll(async () => {
    await strict?.close()
    await new Promise<void>((resolve) => recorder?.close(() => resolve()))
  })

  it('answers 401 to deliveries whose key or actor is on a private address, and never asks that address', async () => {
    const privateUrls = [
      `http://127.0.0.1:${recorderPort}/actor`,
      `http://[::ffff:127.0.0.1]:${recorderPort}/actor`,
      `http://2130706433:${recorderPort}/actor`,
      `http://localhost:${recorderPort}/actor`,
      `https://127.0.0.1:${recorderPort}/actor`,
    ]
    // One key for all (an RSA key takes a second or two to make).
    const key = await generateCryptoKeyPair('RSASSA-PKCS1-v1_5')
    for (const actor of privateUrls) {
      const body = JSON.stringify({
        '@context': 'https://www.w3.org/ns/activitystreams',
        id: `${actor}#f`,
        type: 'Follow',
        actor,
        object: `${strictOrigin}/ap/actors/city-${BELGRADE}`,
      })
      const signed = await signRequest(
        new Request(`${strictOrigin}/ap/inbox`, {
          method: 'POST',
          headers: { 'content-type': 'application/activity+json' },
          body,
        }),
        key.privateKey,
        new URL(`${actor}#main-key`),
      )
      const res = await fetch(signed)
      expect(res.status, actor).toBe(401)
    }
    expect(hits).toEqual([])
  })

  it('refuses to fetch a private address through its remote fetch, redirects included', async () => {
    const remote = strict.app.ctx.federation!.remoteFetch
    for (const url of [
      `http://127.0.0.1:${recorderPort}/x`,
      `https://127.0.0.1:${recorderPort}/x`,
      `https://[::1]:${recorderPort}/x`,
      'https://169.254.169.254/latest/meta-data',
      'file:///etc/passwd',
    ])
      await expect(remote(url), url).rejects.toThrow()
    expect(hits).toEqual([])
  })

  it('follows no handle on a private address, and no photo of one (422 and 404, nothing asked)', async () => {
    const person = await makeUser(strict)
    for (const handle of [
      `@me@127.0.0.1:${recorderPort}`,
      `@me@localhost:${recorderPort}`,
      '@me@169.254.169.254',
    ]) {
      const res = await send(strict, 'POST', '/federation/following', {
        token: person.token,
        json: { handle },
      })
      expect(res.status, handle).toBe(422)
      expect(res.body.errors.handle, handle).toEqual([
        'That server did not answer. Check the handle and try again.',
      ])
    }
    const photo = await strict.app.ctx
      .federation!.mediaFetch(`https://127.0.0.1:${recorderPort}/p.jpg`)
      .catch(() => null)
    expect(photo).toBeNull()
    expect(hits).toEqual([])
  })
})
