// HTTP layer of SPEC §7 Admin. Each route's role permission (moderate, reviewReports, editAnyContent) is
// declared in api/access/route-permissions.ts and checked before the body is read; the rights that depend on
// the body (editAnyContent for a form, manageRoles for roles and names) and own content are the service's.
import multipart from '@fastify/multipart'
import {
  adminAvatarDeleteSchema,
  adminLogQuerySchema,
  adminLogResponseSchema,
  adminPhotoDeleteSchema,
  adminPostPatchSchema,
  adminPostResponseSchema,
  adminPostsQuerySchema,
  adminPostsResponseSchema,
  adminUserPatchSchema,
  adminUserResponseSchema,
  adminUsersQuerySchema,
  adminUsersResponseSchema,
  adminReportPatchResponseSchema,
  adminReportPatchSchema,
  adminReportsQuerySchema,
  adminReportsResponseSchema,
  EVENT_LIMITS,
  reportsSummarySchema,
  imagesResponseSchema,
  LIMITS,
} from '#contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Viewer } from '../../access/policy'
import { bearerSecurity, errorResponses } from '../../lib/openapi'
import { uploadRateLimit } from '../../lib/rate-limits'
import { currentUser } from '../../plugins/auth'
import { normalizeFields, readBody } from '../events/multipart'
import { createEventsService } from '../events/service'
import { readAvatar } from '../profile/read-avatar'
import { createProfileService } from '../profile/service'
import { createAdminReportsService } from './reports'
import { createAdminService } from './service'

const tags = ['admin']
const security = bearerSecurity
const errors = errorResponses(400, 401, 403, 404, 409, 413, 415, 429)
const idParams = z.object({ id: z.string().min(1).max(100) })
const postUserParams = z.object({ postId: z.string().min(1).max(100), userId: z.string().min(1).max(100) })
const rights =
  'Admin or superAdmin, activated (401/403 otherwise). Nobody decides on their own profile or posts (403 ownContent).'

export default async function adminRoutes(app: FastifyInstance) {
  const { config } = app.ctx
  const service = createAdminService(app.ctx, { events: createEventsService(app.ctx), profile: createProfileService(app.ctx) })
  const reports = createAdminReportsService(app.ctx, service)
  await app.register(multipart, {
    limits: { fileSize: EVENT_LIMITS.imageMaxBytes, files: LIMITS.placeImages + 1, fields: 10, fieldSize: 4 * 1024, parts: 20 },
  })
  const r = app.withTypeProvider<ZodTypeProvider>()
  const uploadLimit = uploadRateLimit(config)
  const me = (req: FastifyRequest): Viewer => {
    const u = currentUser(req)
    return { id: u.id, role: u.role, isActivated: u.isActivated }
  }

  r.get(
    '/admin/users',
    {
      schema: {
        tags,
        security,
        summary: 'Users, paged (7 by default, at most 50), last changed first',
        description: `${rights} Filters: role, moderationStatus, moderationImageStatus, query (words in name, last name, username or email); sort=oldest for a queue.`,
        querystring: adminUsersQuerySchema,
        response: { 200: adminUsersResponseSchema, ...errors },
      },
    },
    async (req) => service.users(req.query, me(req)),
  )

  for (const [path, eventType] of [
    ['/admin/events', 'EVENT'],
    ['/admin/places', 'PLACE'],
  ] as const) {
    r.get(
      path,
      {
        schema: {
          tags,
          security,
          summary: `${eventType === 'EVENT' ? 'Events' : 'Places'} of every status, paged (7 by default, at most 50), last changed first`,
          description: `${rights} Filters: moderationStatus, moderationImageStatus, postStatus, query (words in the title); sort=oldest for a queue. Rows carry every photo.`,
          querystring: adminPostsQuerySchema,
          response: { 200: adminPostsResponseSchema, ...errors },
        },
      },
      async (req) => service.posts(eventType, req.query, me(req)),
    )
  }

  r.get(
    '/admin/users/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One user with every field the console shows (email, role, statuses, activation)',
        description: rights,
        params: idParams,
        response: { 200: adminUserResponseSchema, ...errors },
      },
    },
    async (req) => service.user(req.params.id),
  )

  r.patch(
    '/admin/users/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Decide on a user: statuses (admins); names, role, activation (superAdmin only)',
        description: `${rights} 403 superAdminOnly for content fields from an admin; 403 cannotChangeOwnRole; 409 lastSuperAdmin; 400 nothingToChange. Logged; a REJECTED status notifies the user with the reason.`,
        params: idParams,
        body: adminUserPatchSchema,
        response: { 200: adminUserResponseSchema, ...errors },
      },
    },
    async (req) => service.patchUser(req.params.id, req.body, me(req)),
  )

  r.post(
    '/admin/users/:id/upload-avatar',
    {
      config: uploadLimit,
      schema: {
        tags,
        security,
        summary: "Replace a user's avatar (superAdmin; multipart, one photo in `file`); it is APPROVED",
        consumes: ['multipart/form-data'],
        params: idParams,
        response: { 200: adminUserResponseSchema, ...errors },
      },
    },
    async (req) => service.setUserAvatar(req.params.id, await readAvatar(req), me(req)),
  )

  r.delete(
    '/admin/users/:id/avatar',
    {
      schema: {
        tags,
        security,
        summary: "Remove a user's avatar (superAdmin); body {name} optional",
        params: idParams,
        body: adminAvatarDeleteSchema.optional(),
        response: { 200: adminUserResponseSchema, ...errors },
      },
    },
    async (req) => service.deleteUserAvatar(req.params.id, me(req)),
  )

  r.patch(
    '/admin/posts/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Decide on a post: statuses (admins); the whole event form (superAdmin only)',
        description: `${rights} moderationStatus, moderationImageStatus, postStatus (DELETED removes, ACTIVE restores), reason (≤ 500). With any field of the event form, the body is the whole form under PUT /event/{id}'s rules (superAdmin only, else 403 superAdminOnly). Logged; REJECTED and DELETED notify the owner with the reason.`,
        params: idParams,
        body: adminPostPatchSchema,
        response: { 200: adminPostResponseSchema, ...errors },
      },
    },
    async (req) => service.patchPost(req.params.id, normalizeFields(req.body) as typeof req.body, me(req)),
  )

  r.post(
    '/admin/posts/:postId/:userId',
    {
      config: uploadLimit,
      schema: {
        tags,
        security,
        summary: "Add photos to a user's post (superAdmin; multipart `files`; 3 per event, 10 per place in all)",
        description: '404 notPostOwner when userId is not the author of postId.',
        consumes: ['multipart/form-data'],
        params: postUserParams,
        response: { 200: imagesResponseSchema, ...errors },
      },
    },
    async (req) => {
      const { files } = await readBody(req)
      return service.addPhotos(req.params.postId, req.params.userId, files, me(req))
    },
  )

  r.delete(
    '/admin/posts/:postId/:userId',
    {
      schema: {
        tags,
        security,
        summary: "Remove a photo of a user's post (superAdmin): body {name} or {imageId}; the last photo stays",
        params: postUserParams,
        body: adminPhotoDeleteSchema,
        response: { 200: imagesResponseSchema, ...errors },
      },
    },
    async (req) => service.removePhoto(req.params.postId, req.params.userId, req.body, me(req)),
  )

  r.get(
    '/admin/reports',
    {
      schema: {
        tags,
        security,
        summary: 'The reports queue: OPEN oldest first (status=RESOLVED|DISMISSED: last closed first)',
        description: `${rights} Each report has its age in hours, overdue (OPEN over 24 h), and how many people have an OPEN report of the same target, for which reasons. Filters: status (default OPEN), targetType (POST|USER).`,
        querystring: adminReportsQuerySchema,
        response: { 200: adminReportsResponseSchema, ...errors },
      },
    },
    async (req) => reports.list(req.query, me(req)),
  )

  r.get(
    '/admin/reports/summary',
    {
      schema: {
        tags,
        security,
        summary: 'OPEN reports, how many are overdue, and when the oldest was made',
        description: rights,
        response: { 200: reportsSummarySchema, ...errors },
      },
    },
    async () => reports.summary(),
  )

  r.patch(
    '/admin/reports/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Resolve or dismiss a report (wholeTarget: every OPEN report of its target), optionally with a decision',
        description: `${rights} action: rejectInfo, rejectImage or delete (posts), applied and logged as PATCH /admin/{posts|users}/{id} would, with resolutionNote as its reason. 409 reportClosed when it is no longer OPEN. Each reporter gets a \`report\` notification.`,
        params: idParams,
        body: adminReportPatchSchema,
        response: { 200: adminReportPatchResponseSchema, ...errors },
      },
    },
    async (req) => reports.close(req.params.id, req.body, me(req)),
  )

  r.get(
    '/admin/log',
    {
      schema: {
        tags,
        security,
        summary: 'The moderation log, newest first: who, when, target, from → to, reason',
        description: `${rights} Filters: targetType (POST|USER), targetId.`,
        querystring: adminLogQuerySchema,
        response: { 200: adminLogResponseSchema, ...errors },
      },
    },
    async (req) => service.log(req.query, me(req)),
  )
}
