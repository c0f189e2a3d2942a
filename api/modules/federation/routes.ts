// The ActivityPub paths (decision 039), handed to Fedify: WebFinger, NodeInfo, actors, inboxes, outboxes,
// followers and event objects. They live at the web's origin (the web forwards them here), so the request Fedify
// sees is rebuilt on FEDERATION's origin: HTTP signatures name that host. With federation off every one is 404.
//   GET  /.well-known/webfinger, /.well-known/nodeinfo, /nodeinfo/2.1
//   GET  /ap/actors/{identifier}[/outbox|/followers], /ap/events/{id}
//   POST /ap/actors/{identifier}/inbox, /ap/inbox
//   GET  /ap/cities?city&country → 302 to the city's actor (the web's city list for AP clients)
//   GET  /ap/posts/{id}   → 302 to the event's object or the place's actor (the web's /event/{id} for AP clients)
import {
  domainDecisionSchema,
  domainField,
  federationInstanceSchema,
  federationInstancesQuerySchema,
  federationInstancesResponseSchema,
  federationSwitchSchema,
  followRemoteResponseSchema,
  followRemoteSchema,
  remoteFollowSchema,
} from '#contract'
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { nowIso } from '../../db'
import { bearerSecurity, errorResponses } from '../../lib/openapi'
import { currentUser } from '../../plugins/auth'
import { HttpError } from '../../lib/errors'
import { postsVisibleTo } from '../../access/policy'
import { actorIdentifier } from '../../federation/actors'
import { DEFAULT_CITY, findCity } from '../cities/data'
import { createProfileService } from '../profile/service'
import { createInstancesService } from './instances'

const federationRoutes: FastifyPluginAsync = async (app) => {
  await app.register(activityPubRoutes)
  await app.register(federationSettingsRoutes)
  await app.register(followingRoutes)
}

const activityPubRoutes: FastifyPluginAsync = async (app) => {
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

/** JSON routes for people: their switch, and "Follow from your server". */
const federationSettingsRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['federation']
  const { db, config } = app.ctx

  r.put(
    '/profile/my/federation',
    {
      preHandler: app.requireActivated,
      schema: {
        tags,
        security: bearerSecurity,
        summary: "Turn the federation of the caller's public events on or off",
        description:
          'Off: their events that went out are deleted on the fediverse (Delete), and new ones stay here. On: their upcoming public events go out. Default on.',
        body: federationSwitchSchema,
        response: { 200: federationSwitchSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => {
      const user = currentUser(req)
      await db
        .updateTable('users')
        .set({ federate_events: req.body.federateEvents ? 1 : 0, updated_at: nowIso(app.ctx.now()) })
        .where('id', '=', user.id)
        .execute()
      await app.ctx.domainEvents.emit({ type: 'federationSwitch', userFrom: user.id })
      return { federateEvents: req.body.federateEvents }
    },
  )

  r.get(
    '/federation/remote-follow',
    {
      schema: {
        tags,
        summary: 'Where to send a reader to follow one of our actors from their own fediverse server',
        description:
          "account: the reader's account (@me@mastodon.social) or server (mastodon.social); handle: ours (@belgrade@this-host). The reader's server is asked (WebFinger) for its follow page (OStatus subscribe template); a server without one gets Mastodon's /authorize_interaction. 404 federationOff when federation is off; 422 remoteServerUnreachable when their server does not answer.",
        querystring: remoteFollowSchema,
        response: { 200: z.object({ url: z.string() }), ...errorResponses(400, 404, 422) },
      },
    },
    async (req) => {
      const service = app.ctx.federation
      if (!service) throw new HttpError(404, 'federationOff')
      const ours = /^@?([^@\s]+)@([^@\s]+)$/.exec(req.query.handle)
      const ref =
        ours && ours[2]!.toLowerCase() === config.federation.host.toLowerCase()
          ? await service.actors.byHandle(ours[1]!)
          : null
      if (!ref) throw new HttpError(400, 'validationFailed', { handle: ['invalidValue'] })
      const actorUrl = `${config.federation.origin}/ap/actors/${actorIdentifier(ref)}`
      const url = await service.remoteFollowUrl(req.query.account, actorUrl)
      if (!url) throw new HttpError(422, 'remoteServerUnreachable', { account: ['remoteServerUnreachable'] })
      return { url }
    },
  )
}

/** Following the fediverse (decision 040): a person follows a remote actor; admins decide on servers. */
const followingRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const profiles = createProfileService(app.ctx)
  const instances = createInstancesService(app.ctx)

  r.post(
    '/federation/following',
    {
      preHandler: app.requireActivated,
      schema: {
        tags: ['federation'],
        security: bearerSecurity,
        summary: 'Follow a fediverse account by its handle',
        description:
          "handle: @events@gancio.example (a Gancio instance, a Mobilizon group, a person on another Nearby, any ActivityPub actor). Its server is asked (WebFinger, then the actor's document) and sent a Follow; the events it sends from then on show in the follower's lists, map and calendar feed, and on its profile here (GET /profile/{profileId}). Unfollow with PUT /profile/{profileId}/follow {follow:false}. 404 federationOff, 404 remoteAccountNotFound, 403 remoteDomainBlocked, 422 remoteActorUnreachable.",
        body: followRemoteSchema,
        response: { 200: followRemoteResponseSchema, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (req) => {
      const service = app.ctx.federation
      if (!service) throw new HttpError(404, 'federationOff')
      const user = currentUser(req)
      const profileId = await service.following.resolveHandle(req.body.handle)
      const result = await profiles.setFollow(
        { id: user.id, role: user.role },
        profileId,
        true,
      )
      return { profileId, ...result }
    },
  )

  /** The photo types a browser may be handed from our origin (never HTML or SVG: they could run script here). */
  const PHOTO_TYPES = /^image\/(jpeg|png|webp|gif|avif)$/
  r.get(
    '/federation/media/:id',
    {
      // Each answer not in a cache asks the photo's server: a page of cards is a dozen, a script's loop is refused.
      config: {
        rateLimit: {
          max: Math.max(1, Math.round(600 * app.ctx.config.rateLimitMultiplier)),
          timeWindow: 5 * 60_000,
          keyGenerator: (req: FastifyRequest) => `media:${req.ip}`,
        },
      },
      schema: {
        tags: ['federation'],
        summary: "A photo of an event from the fediverse, fetched from its server",
        description:
          "The photos of remote events (images[].url) point here: readers' browsers talk to this server only. The origin's answer is fetched with the federation's safety rules (public addresses, timeout, size cap) and passed on when it is a JPEG, PNG, WebP, GIF or AVIF; 404 otherwise, or when the event is gone or its photos were rejected.",
        params: z.object({ id: z.string().uuid('invalidValue') }),
      },
    },
    async (req, reply) => {
      const service = app.ctx.federation
      if (!service) throw new HttpError(404, 'notFound')
      const photo = await app.ctx.db
        .selectFrom('post_images')
        .innerJoin('posts', 'posts.id', 'post_images.post_id')
        .select(['post_images.path', 'posts.post_status', 'posts.moderation_status', 'posts.moderation_image_status', 'posts.remote_domain'])
        .where('post_images.id', '=', req.params.id)
        .where('posts.remote_object', 'is not', null)
        .executeTakeFirst()
      if (
        !photo ||
        !/^https?:\/\//.test(photo.path) ||
        photo.post_status !== 'ACTIVE' ||
        photo.moderation_status === 'REJECTED' ||
        photo.moderation_image_status === 'REJECTED'
      )
        throw new HttpError(404, 'notFound')
      let answer: Response
      try {
        answer = await service.mediaFetch(photo.path, { headers: { accept: 'image/avif,image/webp,image/*' } })
      } catch {
        throw new HttpError(404, 'notFound')
      }
      const type = (answer.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase()
      if (!answer.ok || !PHOTO_TYPES.test(type)) throw new HttpError(404, 'notFound')
      return reply
        .header('content-type', type)
        // Cached for a while by browsers and proxies, not for long: a moderator's rejection reaches them soon.
        .header('cache-control', 'public, max-age=600')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(await answer.arrayBuffer()))
    },
  )

  const tags = ['admin']
  const rights = 'Admin or superAdmin, activated (401/403 otherwise).'
  r.get(
    '/admin/federation/instances',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary: 'The fediverse servers known here, by name, 50 a page',
        description: `${rights} Each: the admins' decision (ALLOWED, SILENCED, BLOCKED or null) and its reason, its accounts following our actors, its actors our people follow, its events kept here, and when it last delivered something.`,
        querystring: federationInstancesQuerySchema,
        response: { 200: federationInstancesResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => instances.list(req.query.page),
  )

  r.put(
    '/admin/federation/domains/:domain',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary: "Decide on a fediverse server: allow it in the city lists, silence it, block it, or clear the decision",
        description: `${rights} ALLOWED: its events within a city's radius show in that city's lists and map. SILENCED: only the people who follow its actors see its events (the default for a server nobody decided on is the same, but a silenced server cannot be allowed by mistake). BLOCKED: its deliveries are refused, nothing is sent to it, its events here are deleted, our people's follows of its actors and its followers of ours end. NONE clears the decision. Logged (GET /admin/log, targetType DOMAIN) with the reason.`,
        params: z.object({ domain: domainField }),
        body: domainDecisionSchema,
        response: { 200: federationInstanceSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => instances.decide(req.params.domain, req.body, currentUser(req).id),
  )
}

export default federationRoutes
