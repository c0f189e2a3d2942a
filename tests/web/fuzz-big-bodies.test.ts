// Big bodies through the web (issue 39): 0.3–5 MiB. Every path the web passes to the API (the ActivityPub ones)
// answers what the API answers, 413 with its JSON included; the web's own actions answer 413 with a page in the
// reader's language once a body passes the largest form (FORM_MAX_BYTES), never a 500. A federated API on a
// fresh SQLite file and the built web server (server.mjs) in front of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeUsers } from '../api/events-fixtures'
import { startFederatedApi, type TestApi } from '../api/helpers'
import { rawRequest } from '../support/route-manifest'
import { FORM_MAX_BYTES } from '../../app/utils/form.server'
import { startWebServer, type WebServer } from '../support/web-server'
import { SESSION_SECRET, URLENCODED } from './fuzz-support'

const MiB = 1024 * 1024
const BIG_SIZES = [0.3 * MiB, 1 * MiB, 2 * MiB, 5 * MiB].map(Math.round)

/** A JSON body of about `bytes` bytes. */
const bigJson = (bytes: number) => JSON.stringify({ type: 'Create', padding: 'x'.repeat(bytes) })

describe('big bodies through the web', () => {
  let federated: TestApi
  let federatedWeb: WebServer

  beforeAll(async () => {
    federated = await startFederatedApi('127.0.0.1')
    federatedWeb = await startWebServer({ API_URL: federated.url, SESSION_SECRET })
  }, 60_000)
  afterAll(async () => {
    federatedWeb?.stop()
    await federated?.close()
  })

  it('every proxied path answers as the API does (413 with its JSON), never a 500', async () => {
    const user = (await makeUsers(federated, 1))[0]!
    const paths = [
      '/ap/inbox',
      `/ap/actors/user-${user.id}/inbox`,
      `/ap/actors/user-${user.id}/outbox`,
      '/ap/events/00000000-0000-4000-8000-000000000000',
      '/ap/no-such-thing',
      '/.well-known/webfinger?resource=acct:nobody@127.0.0.1',
      '/.well-known/nodeinfo',
      '/nodeinfo/2.1',
    ]
    const seen: string[] = []
    for (const target of paths) {
      for (const size of BIG_SIZES) {
        for (const lang of ['en', 'ru']) {
          const body = bigJson(size)
          const headers = { 'Content-Type': 'application/activity+json', 'Content-Length': String(Buffer.byteLength(body)), 'Accept-Language': lang }
          const direct = await rawRequest(`${federated.url}${target}`, { method: 'POST', headers, body })
          const viaWeb = await rawRequest(`${federatedWeb.url}${target}`, { method: 'POST', headers, body })
          const what = `POST ${target} ${(size / MiB).toFixed(1)} MiB (${lang})`
          expect(viaWeb.status, what).toBe(direct.status)
          expect(viaWeb.status, what).toBeLessThan(500)
          expect(viaWeb.head, what).toBe(direct.head)
          if (direct.status === 413) {
            expect(JSON.parse(viaWeb.head), what).toMatchObject({
              message: lang === 'ru' ? 'Слишком большой запрос.' : 'The request is too large.',
              errors: {},
            })
          }
          seen.push(`${viaWeb.status}`)
        }
      }
    }
    // The inboxes take at most 256 KiB (FEDERATION_MAX_BODY_BYTES): every size here is refused there.
    expect(seen.filter((status) => status === '413').length).toBeGreaterThanOrEqual(2 * BIG_SIZES.length * 2)
  }, 120_000)

  it('the web’s own actions answer 413 in the reader’s language past the largest form, and read smaller ones', async () => {
    for (const size of BIG_SIZES) {
      for (const lang of ['en', 'ru']) {
        const body = `intent=submit&username=${'x'.repeat(size)}`
        const response = await rawRequest(`${federatedWeb.url}/auth/register`, {
          method: 'POST',
          headers: { 'Content-Type': URLENCODED, 'Content-Length': String(body.length), 'Accept-Language': lang, 'Sec-Fetch-Site': 'same-origin' },
          body,
        })
        const what = `POST /auth/register ${(size / MiB).toFixed(1)} MiB (${lang})`
        if (body.length > FORM_MAX_BYTES.text) {
          expect(response.status, what).toBe(413)
          expect(response.head, what).toContain(lang === 'ru' ? 'Слишком большой запрос.' : 'The request is too large.')
          expect(response.head, what).toContain(lang === 'ru' ? '<html lang="ru"' : '<html lang="en"')
        } else {
          // Read, and refused by the form's own rules (a username of a million letters).
          expect(response.status, what).toBe(400)
        }
      }
    }
  }, 60_000)
})
