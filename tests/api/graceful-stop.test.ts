// Stopping an API instance (SIGTERM runs app.close(), api/main.ts): requests already in flight are answered,
// new connections are refused, idle keep-alive connections end, and sockets are closed — so a balancer in front
// loses nothing that was accepted (issue 25).
import http from 'node:http'
import { expect, it } from 'vitest'
import { startTestApi } from './helpers'

it('answers the requests in flight, then closes', async () => {
  let release: () => void = () => {}
  const api = await startTestApi({}, (app) => {
    app.get('/test/slow', async () => {
      await new Promise<void>((resolve) => {
        release = resolve
      })
      return { done: true }
    })
  })
  const agent = new http.Agent({ keepAlive: true })
  // An idle keep-alive connection, and a request in flight.
  await new Promise<void>((resolve) => http.get(`${api.url}/health`, { agent }, (res) => res.resume().on('end', resolve)))
  const inFlight = fetch(`${api.url}/test/slow`).then(async (response) => ({ status: response.status, body: await response.json() }))
  await new Promise((resolve) => setTimeout(resolve, 100))
  const closing = api.close()
  await new Promise((resolve) => setTimeout(resolve, 100))
  await expect(fetch(`${api.url}/health`)).rejects.toThrow()
  release()
  expect(await inFlight).toEqual({ status: 200, body: { done: true } })
  const started = Date.now()
  await closing
  expect(Date.now() - started).toBeLessThan(2000)
  agent.destroy()
})
