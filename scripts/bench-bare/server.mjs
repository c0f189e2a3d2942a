// The bare page's server: express, Remix's Express adapter and the app's own sender (the same compression as
// server.mjs), so that `npm run bench` compares the work of rendering, not the server setups.
import path from 'node:path'
import url from 'node:url'
import remixExpress from '@remix-run/express/dist/server.js'
import { createRequestHandler } from '@remix-run/node'
import express from 'express'
import { sendResponse } from '../../server/send-response.mjs'

const root = path.resolve(import.meta.dirname, '../../.cache/bench/bare')
const build = await import(url.pathToFileURL(path.join(root, 'build/index.js')).href)
const handler = createRequestHandler(build, 'production')
const app = express()
app.disable('x-powered-by')
app.use('/build', express.static(path.join(root, 'public/build'), { immutable: true, maxAge: '1y' }))
app.all('*', async (req, res, next) => {
  try {
    await sendResponse(req, res, await handler(remixExpress.createRemixRequest(req, res)))
  } catch (error) {
    next(error)
  }
})
app.listen(Number(process.env.PORT ?? 3901), '127.0.0.1')
