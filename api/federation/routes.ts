// The federation's JSON routes: the fediverse switch, remote follow, following, photo proxy, console's tab.
// The ActivityPub paths themselves are in http.ts.
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
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { nowIso } from '../db'
import { HttpError } from '../lib/errors'
import { bearerSecurity, errorResponses } from '../lib/openapi'
import { createProfileService } from '../modules/profile/service'
import { currentUser } from '../plugins/auth'
import { actorIdentifier } from './actors'
import { activityPubRoutes } from './http'
import { createInstancesService } from './instances'

const federationRoutes: FastifyPluginAsync = async (app) => {
  await app.register(activityPubRoutes)
  await app.register(federationSettingsRoutes)
  await app.register(followingRoutes)
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
      const profileId = await service.resolveHandle(req.body.handle)
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
