// Organizer groups (issue 45): /groups for the web's pages and the mobile app. Reading an active group is public;
// everything else needs an activated account, and the caller's role in the group (contract GROUP_PERMISSIONS,
// checked by the services: 403 groupNotMember, groupNeedsRole, groupOwnersOnly, groupSuspended).
import {
  adminGroupListSchema,
  adminGroupSchema,
  adminGroupsQuerySchema,
  createGroupBodySchema,
  groupDecisionSchema,
  groupEventsQuerySchema,
  groupFollowBodySchema,
  groupFollowResponseSchema,
  groupHandleParamsSchema,
  groupInvitationAnswerSchema,
  groupInvitationParamsSchema,
  groupInvitationSchema,
  groupInvitationsSchema,
  groupInviteBodySchema,
  groupListQuerySchema,
  groupListSchema,
  groupMemberParamsSchema,
  groupMemberSchema,
  groupMembersSchema,
  groupRoleBodySchema,
  groupSchema,
  groupTransferBodySchema,
  messageResponseSchema,
  myGroupInvitationsSchema,
  translateMessage,
  updateGroupBodySchema,
} from '#contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { eventSchema } from '#contract'
import { languageOf } from '../../lib/errors'
import { groupInvitationRateLimit, uploadRateLimit } from '../../lib/rate-limits'
import { AVATAR_MULTIPART, readAvatar } from '../profile/read-avatar'
import multipart from '@fastify/multipart'
import { bearerSecurity, errorResponses } from '../../lib/openapi'
import { currentUser } from '../../plugins/auth'
import { createGroupMembersService } from './members'
import { createGroupModeration } from './moderation'
import { createGroupsService } from './service'

const tags = ['groups']
const groupEventsSchema = z.object({ events: z.array(eventSchema), page: z.number().int(), pageSize: z.number().int(), hasMore: z.boolean() })

export default async function groupsRoutes(app: FastifyInstance) {
  const groups = createGroupsService(app.ctx)
  const members = createGroupMembersService(app.ctx)
  const moderation = createGroupModeration(app.ctx)
  await app.register(multipart, AVATAR_MULTIPART)
  const r = app.withTypeProvider<ZodTypeProvider>()
  const viewer = (req: FastifyRequest) => currentUser(req)
  const maybeViewer = (req: FastifyRequest) => req.user ?? null
  const signedIn = { preHandler: app.requireActivated }
  const uploadLimit = uploadRateLimit(app.ctx.config)
  const said = (req: FastifyRequest, code: Parameters<typeof translateMessage>[0]) => ({ message: translateMessage(code, languageOf(req)) })

  r.get(
    '/groups',
    {
      preHandler: app.optionalAuth,
      schema: { tags, summary: 'Active groups by name; q searches names and handles (every word)', querystring: groupListQuerySchema, response: { 200: groupListSchema, ...errorResponses(400) } },
    },
    async (req) => groups.list(req.query, maybeViewer(req)),
  )

  r.post(
    '/groups',
    {
      ...signedIn,
      schema: {
        tags,
        security: bearerSecurity,
        summary: 'Make a group; the caller is its owner',
        description: 'The handle is 4–30 lowercase latin letters, digits or underscores, and free among groups and usernames (400 groupHandleTaken). 409 groupLimit past 10 groups owned.',
        body: createGroupBodySchema,
        response: { 201: groupSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (req, reply) => reply.status(201).send(await groups.create(req.body, viewer(req))),
  )

  r.get(
    '/groups/my',
    { ...signedIn, schema: { tags, security: bearerSecurity, summary: 'The groups I am a member of, with my role', response: { 200: groupListSchema, ...errorResponses(401, 403) } } },
    async (req) => groups.mine(viewer(req)),
  )

  r.get(
    '/groups/invitations/my',
    {
      ...signedIn,
      schema: { tags, security: bearerSecurity, summary: 'Invitations to groups waiting for me (to my account or my email address)', response: { 200: myGroupInvitationsSchema, ...errorResponses(401, 403) } },
    },
    async (req) => members.myInvitations(viewer(req)),
  )

  r.post(
    '/groups/invitations/:id/respond',
    {
      ...signedIn,
      schema: {
        tags,
        security: bearerSecurity,
        summary: 'Accept (join with its role) or decline an invitation of mine',
        params: z.object({ id: z.string().min(1).max(100) }),
        body: groupInvitationAnswerSchema,
        response: { 200: messageResponseSchema.extend({ handle: z.string() }), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => {
      const { message, handle } = await members.respond(req.params.id, req.body.accept, viewer(req))
      return { ...said(req, message), handle }
    },
  )

  r.get(
    '/groups/:handle',
    { preHandler: app.optionalAuth, schema: { tags, summary: 'A group, with my ties to it', params: groupHandleParamsSchema, response: { 200: groupSchema, ...errorResponses(401, 404) } } },
    async (req) => groups.get(req.params.handle, maybeViewer(req)),
  )

  r.patch(
    '/groups/:handle',
    {
      ...signedIn,
      schema: { tags, security: bearerSecurity, summary: 'Change the name or description (owners and admins)', params: groupHandleParamsSchema, body: updateGroupBodySchema, response: { 200: groupSchema, ...errorResponses(400, 401, 403, 404) } },
    },
    async (req) => groups.update(req.params.handle, req.body, viewer(req)),
  )

  r.delete(
    '/groups/:handle',
    {
      ...signedIn,
      schema: { tags, security: bearerSecurity, summary: 'Delete the group (owners); its events stay as their organizers’ own', params: groupHandleParamsSchema, response: { 200: messageResponseSchema, ...errorResponses(401, 403, 404) } },
    },
    async (req) => {
      await groups.remove(req.params.handle, viewer(req))
      return said(req, 'eventDeleted')
    },
  )

  r.post(
    '/groups/:handle/avatar',
    {
      ...signedIn,
      config: uploadLimit,
      schema: {
        tags,
        security: bearerSecurity,
        summary: 'Upload the group’s avatar (owners and admins; multipart, one photo in `file`)',
        description: 'JPEG, PNG or WebP by content (415 otherwise), ≤ 10 MB and 40 megapixels (413); re-encoded as WebP without metadata, with a 400 px thumbnail (avatarUrl). Replaces the previous one. Answers the group.',
        consumes: ['multipart/form-data'],
        params: groupHandleParamsSchema,
        response: { 200: groupSchema, ...errorResponses(400, 401, 403, 404, 413, 415, 429) },
      },
    },
    async (req) => groups.setAvatar(req.params.handle, await readAvatar(req), viewer(req)),
  )

  r.delete(
    '/groups/:handle/avatar',
    {
      ...signedIn,
      schema: { tags, security: bearerSecurity, summary: 'Remove the group’s avatar (owners and admins; 404 avatarNotFound without one)', params: groupHandleParamsSchema, response: { 200: groupSchema, ...errorResponses(401, 403, 404) } },
    },
    async (req) => groups.removeAvatar(req.params.handle, viewer(req)),
  )

  r.get(
    '/groups/:handle/events',
    {
      preHandler: app.optionalAuth,
      schema: {
        tags,
        summary: 'The group’s events: upcoming (soonest first) or past (newest first); members-only ones for its members',
        params: groupHandleParamsSchema,
        querystring: groupEventsQuerySchema,
        response: { 200: groupEventsSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (req) => groups.events(req.params.handle, req.query, maybeViewer(req)),
  )

  r.put(
    '/groups/:handle/follow',
    {
      ...signedIn,
      schema: { tags, security: bearerSecurity, summary: 'Follow or unfollow (without `follow`: toggle)', params: groupHandleParamsSchema, body: groupFollowBodySchema, response: { 200: groupFollowResponseSchema, ...errorResponses(400, 401, 403, 404) } },
    },
    async (req) => groups.follow(req.params.handle, viewer(req), req.body.follow),
  )

  r.get(
    '/groups/:handle/members',
    { ...signedIn, schema: { tags, security: bearerSecurity, summary: 'Members and their roles (members and moderators)', params: groupHandleParamsSchema, response: { 200: groupMembersSchema, ...errorResponses(401, 403, 404) } } },
    async (req) => members.members(req.params.handle, viewer(req)),
  )

  r.patch(
    '/groups/:handle/members/:userId',
    {
      ...signedIn,
      schema: {
        tags,
        security: bearerSecurity,
        summary: 'Give a member a role (owners and admins; owner and owners’ roles: owners only)',
        description: '409 groupLastOwner when it would leave the group without an owner.',
        params: groupMemberParamsSchema,
        body: groupRoleBodySchema,
        response: { 200: groupMemberSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req) => members.setRole(req.params.handle, req.params.userId, req.body.role, viewer(req)),
  )

  r.delete(
    '/groups/:handle/members/:userId',
    {
      ...signedIn,
      schema: { tags, security: bearerSecurity, summary: 'Remove a member (owners and admins; owners: owners only); my own id: leave', params: groupMemberParamsSchema, response: { 200: messageResponseSchema, ...errorResponses(401, 403, 404, 409) } },
    },
    async (req) => {
      await members.remove(req.params.handle, req.params.userId, viewer(req))
      return { message: 'OK' }
    },
  )

  r.post(
    '/groups/:handle/leave',
    {
      ...signedIn,
      schema: { tags, security: bearerSecurity, summary: 'Leave the group (409 groupLastOwner for its last owner)', params: groupHandleParamsSchema, response: { 200: messageResponseSchema, ...errorResponses(401, 403, 404, 409) } },
    },
    async (req) => {
      await members.leave(req.params.handle, viewer(req))
      return { message: 'OK' }
    },
  )

  r.post(
    '/groups/:handle/transfer',
    {
      ...signedIn,
      schema: { tags, security: bearerSecurity, summary: 'Make another member an owner; I stay on as an admin (owners)', params: groupHandleParamsSchema, body: groupTransferBodySchema, response: { 200: messageResponseSchema, ...errorResponses(400, 401, 403, 404) } },
    },
    async (req) => {
      await members.transfer(req.params.handle, req.body.userId, viewer(req))
      return { message: 'OK' }
    },
  )

  r.get(
    '/groups/:handle/invitations',
    { ...signedIn, schema: { tags, security: bearerSecurity, summary: 'Invitations waiting in the group (owners and admins)', params: groupHandleParamsSchema, response: { 200: groupInvitationsSchema, ...errorResponses(401, 403, 404) } } },
    async (req) => members.invitations(req.params.handle, viewer(req)),
  )

  r.post(
    '/groups/:handle/invitations',
    {
      ...signedIn,
      config: groupInvitationRateLimit(app.ctx.config),
      schema: {
        tags,
        security: bearerSecurity,
        summary: 'Invite by username or email address (owners and admins); the invitee hears by mail',
        description: 'who: a username (with or without @) or an email address; an address without an account is invited as it is, and the invitation is theirs once they sign up with it. 400 groupUserNotFound, groupAlreadyMember, groupAlreadyInvited; 409 groupInvitationLimit past 100 waiting; 429 past 30 invitations an hour.',
        params: groupHandleParamsSchema,
        body: groupInviteBodySchema,
        response: { 201: groupInvitationSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req, reply) => reply.status(201).send(await members.invite(req.params.handle, req.body, viewer(req), languageOf(req))),
  )

  r.delete(
    '/groups/:handle/invitations/:id',
    { ...signedIn, schema: { tags, security: bearerSecurity, summary: 'Withdraw an invitation (owners and admins)', params: groupInvitationParamsSchema, response: { 200: messageResponseSchema, ...errorResponses(401, 403, 404) } } },
    async (req) => {
      await members.withdrawInvitation(req.params.handle, req.params.id, viewer(req))
      return { message: 'OK' }
    },
  )

  // Console → Groups: `moderate` (route-permissions.ts), checked before the body is read.
  r.get(
    '/admin/groups',
    {
      preHandler: app.requirePermission('moderate'),
      schema: {
        tags,
        security: bearerSecurity,
        summary: 'Groups for the console: newest first, every one but deleted ones or those of a status (PENDING: not approved yet)',
        querystring: adminGroupsQuerySchema,
        response: { 200: adminGroupListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => moderation.list(req.query, viewer(req)),
  )

  r.patch(
    '/admin/groups/:handle',
    {
      preHandler: app.requirePermission('moderate'),
      schema: {
        tags,
        security: bearerSecurity,
        summary: 'Decide on a group: APPROVE, SUSPEND, RESTORE or DELETE (all but APPROVE with a reason), logged',
        description: 'SUSPEND: nothing can be posted or changed in the group, and its page shows only to its members and moderators, with the reason; RESTORE undoes it. DELETE: its page and followers go; its events stay, as their organizers’ own.',
        params: groupHandleParamsSchema,
        body: groupDecisionSchema,
        response: { 200: adminGroupSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => moderation.decide(req.params.handle, req.body, viewer(req)),
  )
}
