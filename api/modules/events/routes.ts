// HTTP layer of SPEC §7 Events. POST /event and the photo routes read multipart/form-data themselves
// (api/modules/events/multipart.ts) and validate with the contract schema; the rest use zod route schemas.
import multipart from '@fastify/multipart'
import {
  deleteImageSchema,
  EVENT_LIMITS,
  eventListQuerySchema,
  eventMonthQuerySchema,
  eventMonthSchema,
  MONTH_LIMITS,
  eventListResponseSchema,
  eventPageSchema,
  eventSchema,
  imagesResponseSchema,
  LIMITS,
  cancelEventBodySchema,
  rescheduleFieldsSchema,
  EDIT_SCOPES,
  userEventsQuerySchema,
} from '#contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { languageOf } from '../../lib/errors'
import { readBody } from './multipart'
import { participationRoutes } from './participation-routes'
import { messageRoutes } from './message-routes'
import { errors, idParams, me, security, tags, viewerOf } from './route-kit'
import { createEventsService } from './service'
import { uploadRateLimit } from '../../lib/rate-limits'

const multipartNote =
  'multipart/form-data: text fields title, description, accessType, eventType (EVENT|PLACE, default EVENT), startDate, endDate (ISO), address, channelLink; JSON-string fields coordinates ([lon,lat] or {lat,lon}), maxParticipants, price ({donation, amount, currency, range}), categories (array; or repeated/comma-separated), hours ([{day, open, close}]); photos in `files` (JPEG/PNG/WebP, ≤ 10 MB each; 1–3 for events, 1–10 for places).'

export default async function eventsRoutes(app: FastifyInstance) {
  const { config } = app.ctx
  const service = createEventsService(app.ctx)
  await app.register(multipart, {
    limits: {
      fileSize: EVENT_LIMITS.imageMaxBytes,
      files: LIMITS.placeImages + 1,
      fields: 40,
      fieldSize: 64 * 1024,
      parts: 60,
    },
  })
  const r = app.withTypeProvider<ZodTypeProvider>()
  const uploadLimit = uploadRateLimit(config)

  r.post(
    '/event',
    {
      preHandler: app.requireActivated,
      config: uploadLimit,
      schema: {
        tags,
        security,
        summary: 'Create an event or a place (multipart, see description)',
        description: `${multipartNote} Places: admin/superAdmin only, accessType forced COMMON, channelLink required. Answers 201 with the post.`,
        consumes: ['multipart/form-data'],
        response: { 201: eventSchema, ...errors },
      },
    },
    async (req, reply) => {
      const { fields, files } = await readBody(req)
      return reply.status(201).send(await service.create(fields, files, me(req)))
    },
  )

  r.get(
    '/event/all',
    {
      preHandler: app.optionalAuth,
      schema: {
        tags,
        summary: 'Events or places near a city, 12 per page',
        description:
          'Within 50 km of the city (bundled data; default Belgrade 44.80401, 20.46513). filter: active (default; not ended, soonest first), now (running at this moment, not cancelled, ending soonest first; dates ignored), completed (latest first), my (own posts, any place, needs a token). startDate/endDate: ISO instants or YYYY-MM-DD (whole UTC days); events overlapping the range. categories: comma-separated or repeated. Places: newest first; dates and tabs ignored.',
        querystring: eventListQuerySchema,
        response: { 200: eventListResponseSchema, ...errors },
      },
    },
    async (req) => service.list(req.query, viewerOf(req), languageOf(req)),
  )

  r.get(
    '/event/month',
    {
      preHandler: app.optionalAuth,
      schema: {
        tags,
        summary: "A city's month: each day's first events and how many more",
        description:
          `month: YYYY-MM (default: this month), its days in the site's zone (timeZone); city, country, lat/lon and categories as in /event/all. Each day lists the first ${MONTH_LIMITS.perDay} events running on it, by start (an event that lasts days is on each of its days; cancelled ones stay, marked), and more: how many others; a day's whole list is /event/all with that day as startDate and endDate. previous and next name the neighbouring months.`,
        querystring: eventMonthQuerySchema,
        response: { 200: eventMonthSchema, ...errors },
      },
    },
    async (req) => service.month(req.query, viewerOf(req), languageOf(req)),
  )

  r.get(
    '/event/my',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: "The signed-in user's posts (newest first, 12 per page; REJECTED included)",
        querystring: userEventsQuerySchema,
        response: { 200: eventPageSchema, ...errors },
      },
    },
    async (req) => service.userEvents(me(req).id, req.query, me(req)),
  )

  r.get(
    '/event/widget/my',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: "The signed-in user's next 3 events",
        response: { 200: z.object({ events: z.array(eventSchema) }), ...errors },
      },
    },
    async (req) => service.widget(me(req).id, me(req)),
  )

  r.get(
    '/event/widget/:userId',
    {
      preHandler: app.optionalAuth,
      schema: {
        tags,
        summary: "A user's next 3 events (profile widget)",
        params: z.object({ userId: z.string().min(1).max(100) }),
        response: { 200: z.object({ events: z.array(eventSchema) }), ...errors },
      },
    },
    async (req) => service.widget(req.params.userId, viewerOf(req)),
  )

  r.get(
    '/event/:id/events',
    {
      preHandler: app.optionalAuth,
      schema: {
        tags,
        summary: "A user's posts (id = user id), newest first, 12 per page",
        params: idParams,
        querystring: userEventsQuerySchema,
        response: { 200: eventPageSchema, ...errors },
      },
    },
    async (req) => service.userEvents(req.params.id, req.query, viewerOf(req)),
  )

  r.get(
    '/event/:id',
    {
      preHandler: app.optionalAuth,
      schema: {
        tags,
        summary: 'One event or place',
        description:
          '404 when missing, DELETED or REJECTED (except for the owner and moderators). 403 privateEvent / subscribersOnly when the access type does not let the viewer open it.',
        params: idParams,
        response: { 200: eventSchema, ...errors },
      },
    },
    async (req) => service.get(req.params.id, viewerOf(req)),
  )

  r.put(
    '/event/:id',
    {
      preHandler: app.requireActivated,
      schema: {
        tags,
        security,
        summary: 'Edit (organizer): the whole form as JSON or multipart without files',
        description:
          'Same fields and rules as POST /event. accessType, joinApproval and eventType cannot change (400 cannotChange; omit them). Optional fields left out are cleared (price omitted = no price). Moderation goes back to PENDING. A date of a series with ?scope=following: every later date that can still change takes the same fields, each on its own day at this date\'s new local time and length, and new dates copy this one (decision 041). 400 notInSeries otherwise.',
        params: idParams,
        querystring: z.object({ scope: z.enum(EDIT_SCOPES, { error: 'invalidValue' }).default('this') }),
        response: { 200: eventSchema, ...errors },
      },
    },
    async (req) => {
      const { fields } = await readBody(req)
      return service.update(req.params.id, fields, me(req), req.query.scope)
    },
  )

  r.delete(
    '/event/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Delete (organizer, or admin/superAdmin): postStatus DELETED',
        params: idParams,
        response: { 200: z.object({ postId: z.string(), postStatus: z.literal('DELETED') }), ...errors },
      },
    },
    async (req) => service.remove(req.params.id, me(req)),
  )

  r.post(
    '/event/:id/upload',
    {
      preHandler: app.requireActivated,
      config: uploadLimit,
      schema: {
        tags,
        security,
        summary: 'Add photos (organizer; multipart field `files`; at most 3 per event, 10 per place in total)',
        consumes: ['multipart/form-data'],
        params: idParams,
        response: { 200: imagesResponseSchema, ...errors },
      },
    },
    async (req) => {
      const { files } = await readBody(req)
      return service.addImages(req.params.id, files, me(req))
    },
  )

  r.delete(
    '/event/:id/upload',
    {
      preHandler: app.requireActivated,
      schema: {
        tags,
        security,
        summary: 'Remove a photo (organizer): body {name} or {imageId}; the last photo stays',
        params: idParams,
        body: deleteImageSchema,
        response: { 200: imagesResponseSchema, ...errors },
      },
    },
    async (req) => service.removeImage(req.params.id, req.body, me(req)),
  )

  participationRoutes(app, service)
  messageRoutes(app, service)

  r.post(
    '/event/:id/cancel',
    {
      preHandler: app.requireActivated,
      schema: {
        tags,
        security,
        summary: 'Cancel an event (organizer only; final). It stays visible, marked cancelled, and cannot be joined',
        description:
          'Participants, people waiting and invitees are notified. 400 eventCancelled (already), eventEnded, placeNotCancellable; 403 notOrganizer.',
        params: idParams,
        body: cancelEventBodySchema,
        response: { 200: eventSchema, ...errors },
      },
    },
    async (req) => service.cancel(req.params.id, req.body, me(req)),
  )

  r.post(
    '/event/:id/reschedule',
    {
      preHandler: app.requireActivated,
      schema: {
        tags,
        security,
        summary: 'Move an event to new dates (organizer only)',
        description:
          'The form\'s date rules apply (startDate required, not in the past; endDate not before it). Participants, people waiting and invitees are notified; calendars see a new SEQUENCE. 400 sameDates, eventCancelled, placeNotCancellable, validationFailed.',
        params: idParams,
        body: rescheduleFieldsSchema,
        response: { 200: eventSchema, ...errors },
      },
    },
    async (req) => service.reschedule(req.params.id, req.body, me(req)),
  )
}
