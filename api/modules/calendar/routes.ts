// Calendar feeds (decision 029): RFC 5545 feeds that calendar apps subscribe to, and a city's Atom feed.
//   GET  /calendar/feed/{token}.ics           the personal feed (secret address; events joined or organized)
//   GET  /calendar/organizer/{userId}.ics     an organizer's public events
//   GET  /calendar/place/{placeId}.ics        public events within 150 m of a place
//   GET  /calendar/city.ics?city=&country=&categories=   public events within 50 km of a city
//   GET  /calendar/city.atom?…                the same city's upcoming events as Atom
//   GET  /calendar/collection/{slug}.ics, .atom   a collection's public events (issue 43)
//   GET  /calendar/group/{handle}.ics, .atom      a group's public events (issue 45)
//   GET  /calendar/me, POST /calendar/me/reset   the signed-in user's personal address; reset replaces it
// Feeds answer ETag / Last-Modified and 304 to If-None-Match / If-Modified-Since.
import {
  buildCalendar,
  CALENDAR_LIMITS,
  calendarCityQuerySchema,
  calendarCollectionParamsSchema,
  calendarGroupParamsSchema,
  calendarFeedPaths,
  calendarFeedQuerySchema,
  calendarFeedUrlSchema,
  calendarOrganizerParamsSchema,
  calendarPlaceParamsSchema,
  calendarTokenParamsSchema,
  ICS_CONTENT_TYPE,
  type Language,
  translateMessage,
  webcalUrl,
} from '#contract'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { languageOf } from '../../lib/errors'
import { bearerSecurity, errorResponses } from '../../lib/openapi'
import { currentUser } from '../../plugins/auth'
import { ATOM_CONTENT_TYPE, buildAtom } from './atom'
import { sendFeed } from './http-cache'
import { createCalendarService, type Feed, toIcalEvent } from './service'

const tags = ['calendar']
const errors = errorResponses(400, 401, 403, 404, 429)
const feedErrors = errorResponses(400, 404, 429)
const icsBody = z.string().describe('An iCalendar object (RFC 5545, text/calendar)')
const atomBody = z.string().describe('An Atom feed (RFC 4287, application/atom+xml)')
const notModified = z
  .void()
  .describe('Not modified: the copy named by If-None-Match / If-Modified-Since is current')
const PUBLIC_CACHE = `public, max-age=${15 * 60}`
const PRIVATE_CACHE = 'private, no-cache'

export default async function calendarRoutes(app: FastifyInstance) {
  const { config } = app.ctx
  const service = createCalendarService(app.ctx)
  const r = app.withTypeProvider<ZodTypeProvider>()
  const apiUrl = config.publicUrl.replace(/\/+$/, '')
  const webUrl = config.webUrl.replace(/\/+$/, '')

  const language = (req: FastifyRequest, lang: Language | undefined) => lang ?? languageOf(req)
  const feedAddress = (token: string) => {
    const url = `${apiUrl}/calendar/feed/${token}.ics`
    return { url, webcalUrl: webcalUrl(url) }
  }
  const ics = (feed: Feed, lang: Language, refreshMinutes: number, linkShown: boolean) =>
    buildCalendar(
      feed.events.map((row) => toIcalEvent(row, service.eventUrl(row.id), lang, linkShown)),
      {
        host: service.uidHost,
        name: feed.name,
        description: feed.description,
        refreshMinutes,
        cancelledLabel: translateMessage('calendarCancelled', lang),
      },
    )
  /** An iCalendar feed with its caching: public feeds for shared caches, the personal one private and refreshed more often. */
  const sendIcs = (
    req: FastifyRequest,
    reply: FastifyReply,
    feed: Feed,
    lang: Language,
    kind: 'public' | 'personal',
  ) =>
    sendFeed(req, reply, {
      body: ics(
        feed,
        lang,
        kind === 'personal' ? CALENDAR_LIMITS.personalRefreshMinutes : CALENDAR_LIMITS.refreshMinutes,
        // The personal feed holds what its owner organizes or joined: the links to take part online are theirs.
        kind === 'personal',
      ),
      contentType: ICS_CONTENT_TYPE,
      lastModified: feed.lastModified,
      cacheControl: kind === 'personal' ? PRIVATE_CACHE : PUBLIC_CACHE,
    })
  const atom = (feed: Feed, lang: Language, links: { selfUrl: string; alternateUrl: string; subtitle: string }) =>
    buildAtom(feed.events, {
      ...links,
      title: feed.name,
      language: lang,
      cancelledLabel: translateMessage('calendarCancelled', lang),
      eventUrl: service.eventUrl,
      now: app.ctx.now(),
    })
  const sendAtom = (req: FastifyRequest, reply: FastifyReply, feed: Feed, body: string) =>
    sendFeed(req, reply, { body, contentType: ATOM_CONTENT_TYPE, lastModified: feed.lastModified, cacheControl: PUBLIC_CACHE })
  // Signed in or not, a feed's bytes are the same (the personal one is chosen by its token alone).
  const feedRoute = {
    config: {
      rateLimit: {
        max: Math.max(1, Math.round(300 * config.rateLimitMultiplier)),
        timeWindow: 5 * 60_000,
        keyGenerator: (req: FastifyRequest) => `feed:${req.ip}`,
      },
    },
  }

  r.get(
    '/calendar/me',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security: bearerSecurity,
        summary: 'The address of my personal calendar feed (made on first use)',
        description:
          'A secret address: whoever has it reads the events you joined or organize. POST /calendar/me/reset replaces it.',
        response: { 200: calendarFeedUrlSchema, ...errors },
      },
    },
    async (req) => feedAddress(await service.myToken(currentUser(req).id)),
  )

  r.post(
    '/calendar/me/reset',
    {
      preHandler: app.authenticate,
      config: {
        rateLimit: {
          max: Math.max(1, Math.round(20 * config.rateLimitMultiplier)),
          timeWindow: 60 * 60_000,
          keyGenerator: (req: FastifyRequest) => `calendar-reset:${req.authClaims?.userId ?? req.ip}`,
        },
      },
      schema: {
        tags,
        security: bearerSecurity,
        summary: 'A new address for my personal calendar feed; the old one answers 404 at once',
        response: { 200: calendarFeedUrlSchema, ...errors },
      },
    },
    async (req) => feedAddress(await service.resetToken(currentUser(req).id)),
  )

  r.get(
    '/calendar/feed/:token.ics',
    {
      ...feedRoute,
      schema: {
        tags,
        summary: 'A personal calendar feed (RFC 5545): the events its owner joined or organizes',
        description: `No bearer: the secret token is the key (GET /calendar/me). 404 for an unknown or reset token. Events that ended more than ${CALENDAR_LIMITS.pastDays} days ago are left out; cancelled ones have STATUS:CANCELLED; deleted and rejected ones drop out. Cache-Control private; ETag and Last-Modified with 304.`,
        params: calendarTokenParamsSchema,
        querystring: calendarFeedQuerySchema,
        produces: ['text/calendar'],
        response: { 200: icsBody, 304: notModified, ...feedErrors },
      },
    },
    async (req, reply) => {
      const lang = language(req, req.query.lang)
      const feed = await service.personal(req.params.token, lang)
      return sendIcs(req, reply, feed, lang, 'personal')
    },
  )

  r.get(
    '/calendar/organizer/:userId.ics',
    {
      ...feedRoute,
      schema: {
        tags,
        summary: "An organizer's public events (RFC 5545)",
        description: 'COMMON events a signed-out visitor may read. 404 for an unknown or deactivated user.',
        params: calendarOrganizerParamsSchema,
        querystring: calendarFeedQuerySchema,
        produces: ['text/calendar'],
        response: { 200: icsBody, 304: notModified, ...feedErrors },
      },
    },
    async (req, reply) => {
      const lang = language(req, req.query.lang)
      const feed = await service.organizer(req.params.userId, lang)
      return sendIcs(req, reply, feed, lang, 'public')
    },
  )

  r.get(
    '/calendar/place/:placeId.ics',
    {
      ...feedRoute,
      schema: {
        tags,
        summary: 'Public events at a place (RFC 5545)',
        description: `Events have no link to a place: a place's events are the COMMON events whose point is within ${CALENDAR_LIMITS.placeRadiusM} m of the place's. 404 for an unknown, removed or non-place post.`,
        params: calendarPlaceParamsSchema,
        querystring: calendarFeedQuerySchema,
        produces: ['text/calendar'],
        response: { 200: icsBody, 304: notModified, ...feedErrors },
      },
    },
    async (req, reply) => {
      const lang = language(req, req.query.lang)
      const feed = await service.place(req.params.placeId, lang)
      return sendIcs(req, reply, feed, lang, 'public')
    },
  )

  r.get(
    '/calendar/city.ics',
    {
      ...feedRoute,
      schema: {
        tags,
        summary: "A city's public events (RFC 5545), optionally of some categories",
        description:
          "The list's city lookup (bundled data; default Belgrade) and radius (50 km). categories: comma-separated or repeated; events with any of them. 404 cityNotFound for a city the data does not know.",
        querystring: calendarCityQuerySchema,
        produces: ['text/calendar'],
        response: { 200: icsBody, 304: notModified, ...feedErrors },
      },
    },
    async (req, reply) => {
      const lang = language(req, req.query.lang)
      const feed = await service.city(req.query, lang)
      return sendIcs(req, reply, feed, lang, 'public')
    },
  )

  r.get(
    '/calendar/city.atom',
    {
      ...feedRoute,
      schema: {
        tags,
        summary: "A city's upcoming public events as an Atom feed (RFC 4287)",
        description: `Same city, radius and categories as /calendar/city.ics; the next ${CALENDAR_LIMITS.atomEntries} events that have not ended, soonest first.`,
        querystring: calendarCityQuerySchema,
        produces: ['application/atom+xml'],
        response: { 200: atomBody, 304: notModified, ...feedErrors },
      },
    },
    async (req, reply) => {
      const lang = language(req, req.query.lang)
      const feed = await service.city(req.query, lang, { upcomingOnly: true })
      const query = { city: req.query.city, categories: req.query.categories }
      const listSearch = new URLSearchParams()
      if (query.city) listSearch.set('city', query.city)
      if (query.categories?.length === 1) listSearch.set('categories', query.categories[0] as string)
      const body = atom(feed, lang, {
        selfUrl: `${apiUrl}${calendarFeedPaths.city(query, 'atom')}`,
        alternateUrl: `${webUrl}/${listSearch.size ? `?${listSearch}` : ''}`,
        subtitle: translateMessage('calendarAtomSubtitle', lang).replace('{city}', feed.city),
      })
      return sendAtom(req, reply, feed, body)
    },
  )

  r.get(
    '/calendar/collection/:slug.ics',
    {
      ...feedRoute,
      schema: {
        tags,
        summary: "A collection's public events (RFC 5545)",
        description: 'The events on the collection\'s page (public, listed), upcoming and those that ended in the last 30 days. 404 for an unknown collection.',
        params: calendarCollectionParamsSchema,
        querystring: calendarFeedQuerySchema,
        produces: ['text/calendar'],
        response: { 200: icsBody, 304: notModified, ...feedErrors },
      },
    },
    async (req, reply) => {
      const lang = language(req, req.query.lang)
      const feed = await service.collection(req.params.slug, lang)
      return sendIcs(req, reply, feed, lang, 'public')
    },
  )

  r.get(
    '/calendar/collection/:slug.atom',
    {
      ...feedRoute,
      schema: {
        tags,
        summary: "A collection's upcoming public events as an Atom feed (RFC 4287)",
        description: `The next ${CALENDAR_LIMITS.atomEntries} events of the collection that have not ended, soonest first. 404 for an unknown collection.`,
        params: calendarCollectionParamsSchema,
        querystring: calendarFeedQuerySchema,
        produces: ['application/atom+xml'],
        response: { 200: atomBody, 304: notModified, ...feedErrors },
      },
    },
    async (req, reply) => {
      const lang = language(req, req.query.lang)
      const feed = await service.collection(req.params.slug, lang, { upcomingOnly: true })
      const body = atom(feed, lang, {
        selfUrl: `${apiUrl}${calendarFeedPaths.collection(feed.slug, 'atom')}`,
        alternateUrl: `${webUrl}/collections/${encodeURIComponent(feed.slug)}`,
        subtitle: feed.description ?? feed.name,
      })
      return sendAtom(req, reply, feed, body)
    },
  )

  r.get(
    '/calendar/group/:handle.ics',
    {
      ...feedRoute,
      schema: {
        tags,
        summary: "A group's public events (RFC 5545)",
        description: 'The public events posted as the group, upcoming and those that ended in the last 30 days. 404 for an unknown, suspended or deleted group.',
        params: calendarGroupParamsSchema,
        querystring: calendarFeedQuerySchema,
        produces: ['text/calendar'],
        response: { 200: icsBody, 304: notModified, ...feedErrors },
      },
    },
    async (req, reply) => {
      const lang = language(req, req.query.lang)
      return sendIcs(req, reply, await service.group(req.params.handle, lang), lang, 'public')
    },
  )

  r.get(
    '/calendar/group/:handle.atom',
    {
      ...feedRoute,
      schema: {
        tags,
        summary: "A group's upcoming public events as an Atom feed (RFC 4287)",
        description: `The next ${CALENDAR_LIMITS.atomEntries} public events of the group that have not ended, soonest first. 404 for an unknown, suspended or deleted group.`,
        params: calendarGroupParamsSchema,
        querystring: calendarFeedQuerySchema,
        produces: ['application/atom+xml'],
        response: { 200: atomBody, 304: notModified, ...feedErrors },
      },
    },
    async (req, reply) => {
      const lang = language(req, req.query.lang)
      const feed = await service.group(req.params.handle, lang, { upcomingOnly: true })
      const body = atom(feed, lang, {
        selfUrl: `${apiUrl}${calendarFeedPaths.group(feed.handle, 'atom')}`,
        alternateUrl: `${webUrl}/groups/${encodeURIComponent(feed.handle)}`,
        subtitle: feed.description ?? feed.name,
      })
      return sendAtom(req, reply, feed, body)
    },
  )
}
