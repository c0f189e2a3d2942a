// The HTTP hand-over: the ActivityPub paths, answered by Fedify.
//
// The ActivityPub paths (decision 039), handed to Fedify: WebFinger, NodeInfo, actors, inboxes, outboxes,
// followers and event objects. They live at the web's origin (the web forwards them here), so the request Fedify
// sees is rebuilt on FEDERATION's origin: HTTP signatures name that host. With federation off every one is 404.
//   GET  /.well-known/webfinger, /.well-known/nodeinfo, /nodeinfo/2.1
//   GET  /ap/actors/{identifier}[/outbox|/followers], /ap/events/{id}
//   POST /ap/actors/{identifier}/inbox, /ap/inbox
//   GET  /ap/cities?city&country → 302 to the city's actor (the web's city list for AP clients)
//   GET  /ap/posts/{id}   → 302 to the event's object or the place's actor (the web's /event/{id} for AP clients)
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { postsVisibleTo } from '../access/policy'
import { HttpError } from '../lib/errors'
import { DEFAULT_CITY, findCity } from '../modules/cities/data'
import { actorIdentifier } from './actors'

export const activityPubRoutes: FastifyPluginAsync = async (app) => {
  const { config } = app.ctx
  const settings = config.federation
  const service = app.ctx.federation

  // Inbox bodies are read raw (the signature covers their digest), whatever JSON type they declare.
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: settings.maxBodyBytes }, (_req, body, done) =>
    done(null, body),
  )

  async function handOver(req: FastifyRequest, reply: FastifyReply) {
    if (!service) throw new HttpError(404, 'notFound')
    const url = new URL(req.url, settings.origin)
    const headers = new Headers()
    for (const [name, value] of Object.entries(req.headers)) {
      if (value === undefined || name === 'host' || name === 'connection' || name === 'content-length')
        continue
      headers.set(name, Array.isArray(value) ? value.join(', ') : value)
    }
    headers.set('host', new URL(settings.origin).host)
    const body = req.method === 'POST' && Buffer.isBuffer(req.body) ? new Uint8Array(req.body) : undefined
    const request = new Request(url, { method: req.method, headers, body })
    const response = await service.fetch(
      request,
      async () =>
        // A browser asking for an actor or an event: its page on the web.
        new Response(null, { status: 302, headers: { location: pageFor(url.pathname) } }),
    )
    reply.status(response.status)
    response.headers.forEach((value, name) => {
      if (name !== 'content-length' && name !== 'transfer-encoding') reply.header(name, value)
    })
    return reply.send(Buffer.from(await response.arrayBuffer()))
  }

  /** The web page of an ActivityPub path (content negotiation's other side). */
  function pageFor(pathname: string): string {
    const actor = /^\/ap\/actors\/(user|place|city)-([^/]+)/.exec(pathname)
    if (actor?.[1] === 'user') return `${config.webUrl}/profile/${actor[2]}`
    if (actor?.[1] === 'place') return `${config.webUrl}/event/${actor[2]}`
    if (actor?.[1] === 'city') {
      const city = service?.actors.city(actor[2] ?? '')
      return city
        ? `${config.webUrl}/?${new URLSearchParams({ city: city.name, country: city.countryCode })}`
        : config.webUrl
    }
    const event = /^\/ap\/events\/([^/]+)/.exec(pathname)
    return event ? `${config.webUrl}/event/${event[1]}` : config.webUrl
  }

  const hidden = {
    schema: { hide: true },
    config: {
      rateLimit: { max: Math.max(1, Math.round(1000 * config.rateLimitMultiplier)), timeWindow: 5 * 60_000 },
    },
  }
  for (const url of [
    '/.well-known/webfinger',
    '/.well-known/nodeinfo',
    '/nodeinfo/2.1',
    '/ap/actors/:identifier',
    '/ap/actors/:identifier/outbox',
    '/ap/actors/:identifier/followers',
    '/ap/events/:id',
  ])
    app.get(url, hidden, handOver)
  for (const url of ['/ap/actors/:identifier/inbox', '/ap/inbox']) app.post(url, hidden, handOver)

  app.get<{ Querystring: { city?: unknown; country?: unknown } }>(
    '/ap/cities',
    hidden,
    async (req, reply) => {
      if (!service) throw new HttpError(404, 'notFound')
      const name = typeof req.query.city === 'string' ? req.query.city.slice(0, 200) : ''
      const country =
        typeof req.query.country === 'string' && /^[A-Za-z]{2}$/.test(req.query.country)
          ? req.query.country
          : undefined
      const city = name ? findCity(name, country) : DEFAULT_CITY
      if (!city) throw new HttpError(404, 'cityNotFound')
      return reply.redirect(
        `${settings.origin}/ap/actors/${actorIdentifier({ kind: 'city', id: city.id })}`,
        302,
      )
    },
  )

  app.get<{ Params: { id: string } }>('/ap/posts/:id', hidden, async (req, reply) => {
    if (!service) throw new HttpError(404, 'notFound')
    // Only what a signed-out visitor may read: a private event's id says nothing here.
    const post = await app.ctx.db
      .selectFrom('posts')
      .select(['id', 'event_type'])
      .where('id', '=', req.params.id)
      .where('access_type', '=', 'COMMON')
      .where(postsVisibleTo(null))
      .executeTakeFirst()
    if (!post) throw new HttpError(404, 'notFound')
    const path =
      post.event_type === 'PLACE'
        ? `/ap/actors/${actorIdentifier({ kind: 'place', id: post.id })}`
        : `/ap/events/${post.id}`
    return reply.redirect(`${settings.origin}${path}`, 302)
  })
}
