// HTTP layer of SPEC §7 Profile. The static paths (/profile/my…, /profile/avatar, /profile/upload) win
// over /profile/{id} in the router, so "my" is never taken as a user id.
import multipart from '@fastify/multipart'
import {
  avatarResponseSchema,
  followListQuerySchema,
  followBodySchema,
  followListResponseSchema,
  followResponseSchema,
  profileSchema,
  profileSearchQuerySchema,
  profileSearchResponseSchema,
  updateProfileSchema,
} from '#contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { HttpError } from '../../lib/errors'
import { currentUser } from '../../plugins/auth'
import { createProfileService, type ProfileViewer } from './service'
import { bearerSecurity, errorResponses } from '../../lib/openapi'
import { uploadRateLimit } from '../../lib/rate-limits'
import { AVATAR_MULTIPART, readAvatar } from './read-avatar'

const tags = ['profile']
const security = bearerSecurity
const errors = errorResponses(400, 401, 403, 404, 409, 413, 415, 429)
const idParams = z.object({ id: z.string().min(1).max(100) })

export default async function profileRoutes(app: FastifyInstance) {
  const { config } = app.ctx
  const service = createProfileService(app.ctx)
  await app.register(multipart, AVATAR_MULTIPART)
  const r = app.withTypeProvider<ZodTypeProvider>()
  const uploadLimit = uploadRateLimit(config)

  const viewerOf = (req: FastifyRequest): ProfileViewer | null => (req.user ? { id: req.user.id, role: req.user.role } : null)
  const me = (req: FastifyRequest): ProfileViewer => {
    const u = currentUser(req)
    return { id: u.id, role: u.role }
  }

  r.get(
    '/profile/my',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'The signed-in user’s profile (isFollowing is false)',
        response: { 200: profileSchema, ...errors },
      },
    },
    async (req) => service.my(me(req)),
  )

  r.patch(
    '/profile/my',
    {
      preHandler: app.requireActivated,
      schema: {
        tags,
        security,
        summary: 'Edit the signed-in user’s profile (JSON); answers the updated profile',
        description:
          'Fields left out keep their value; "" or null clears phone, profession, userBio, a social link or the city. name, lastname, username follow the registration rules; username is unique regardless of case (409 usernameTaken). phone: 11 digits, typed with +, spaces, dashes, parentheses (stored as digits). Social links: http(s) URLs. Changed texts set moderationStatus back to PENDING. Unknown fields (email, role…) are ignored.',
        body: updateProfileSchema,
        response: { 200: profileSchema, ...errors },
      },
    },
    async (req) => {
      if (req.isMultipart()) throw new HttpError(415, 'unsupportedMediaType')
      return service.update(me(req), req.body)
    },
  )

  r.post(
    '/profile/upload',
    {
      preHandler: app.requireActivated,
      config: uploadLimit,
      schema: {
        tags,
        security,
        summary: 'Upload the avatar (multipart, one photo in `file`; `files` or `avatar` also work)',
        description:
          'JPEG, PNG or WebP by content (415 otherwise), ≤ 10 MB and 40 megapixels (413); re-encoded as WebP without metadata, with a 400 px thumbnail. Replaces the previous avatar and deletes its files; moderationImageStatus becomes PENDING. Answers the updated profile.',
        consumes: ['multipart/form-data'],
        response: { 200: profileSchema, ...errors },
      },
    },
    async (req) => service.setAvatar(me(req), await readAvatar(req)),
  )

  r.get(
    '/profile/avatar',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'The signed-in user’s avatar {url, name, thumbnailUrl}, or null',
        response: { 200: avatarResponseSchema, ...errors },
      },
    },
    async (req) => service.avatar(me(req)),
  )

  r.delete(
    '/profile/avatar',
    {
      preHandler: app.requireActivated,
      schema: {
        tags,
        security,
        summary: 'Remove the signed-in user’s avatar and its files; answers the updated profile',
        description: '404 avatarNotFound when there is none.',
        response: { 200: profileSchema, ...errors },
      },
    },
    async (req) => service.deleteAvatar(me(req)),
  )

  r.get(
    '/profile/my/followers',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Who follows the signed-in user (newest first; page size 7 by default, at most 50)',
        querystring: followListQuerySchema,
        response: { 200: followListResponseSchema, ...errors },
      },
    },
    async (req) => service.followers(me(req).id, req.query, me(req)),
  )

  r.get(
    '/profile/my/following',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Whom the signed-in user follows (newest first; page size 7 by default, at most 50)',
        querystring: followListQuerySchema,
        response: { 200: followListResponseSchema, ...errors },
      },
    },
    async (req) => service.following(me(req).id, req.query, me(req)),
  )

  r.get(
    '/profile/',
    {
      preHandler: app.optionalAuth,
      schema: {
        tags,
        summary: 'Search users by name, lastname or username (case-insensitive; every word must match)',
        description:
          'Activated, not disabled users, ordered by name, lastname, username. Without a query: every such user. 12 per page by default (pageSize ≤ 50).',
        querystring: profileSearchQuerySchema,
        response: { 200: profileSearchResponseSchema, ...errors },
      },
    },
    async (req) => service.search(req.query, viewerOf(req)),
  )

  r.get(
    '/profile/:id',
    {
      preHandler: app.optionalAuth,
      schema: {
        tags,
        summary: 'A user’s public profile with isFollowing for the viewer',
        description: '404 for unknown or disabled users. email is null unless it is the viewer’s own profile.',
        params: idParams,
        response: { 200: profileSchema, ...errors },
      },
    },
    async (req) => service.get(req.params.id, viewerOf(req)),
  )

  r.put(
    '/profile/:id/follow',
    {
      preHandler: app.requireActivated,
      schema: {
        tags,
        security,
        summary: 'Follow or unfollow: body {follow: true|false} sets it (idempotent); no body toggles. Answers the followee’s follower count and the new state',
        description: '400 cannotFollowYourself; 404 for unknown or disabled users. A new follow notifies the followee.',
        params: idParams,
        body: followBodySchema,
        response: { 200: followResponseSchema, ...errors },
      },
    },
    async (req) => service.setFollow(me(req), req.params.id, req.body.follow),
  )

  r.get(
    '/profile/:id/followers',
    {
      preHandler: app.optionalAuth,
      schema: {
        tags,
        summary: 'Who follows a user (newest first; page size 7 by default, at most 50)',
        params: idParams,
        querystring: followListQuerySchema,
        response: { 200: followListResponseSchema, ...errors },
      },
    },
    async (req) => service.followers(req.params.id, req.query, viewerOf(req)),
  )

  r.get(
    '/profile/:id/following',
    {
      preHandler: app.optionalAuth,
      schema: {
        tags,
        summary: 'Whom a user follows (newest first; page size 7 by default, at most 50)',
        params: idParams,
        querystring: followListQuerySchema,
        response: { 200: followListResponseSchema, ...errors },
      },
    },
    async (req) => service.following(req.params.id, req.query, viewerOf(req)),
  )
}
