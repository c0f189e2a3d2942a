// A group's people (issue 45): members and their roles, invitations by username or email, answering them,
// leaving, and ownership. The rules beyond the role table: a group always keeps an owner (the last one can
// neither leave nor step down), and only owners touch owners.
import {
  can,
  canInGroup,
  type GroupInvitation,
  type GroupPermission,
  type GroupInviteBody,
  GROUP_LIMITS,
  type GroupMember,
  type GroupRole,
  isEmailAddress,
  languageOr,
} from '#contract'
import type { AppContext } from '../../context'
import { activeAccounts } from '../../access/policy'
import { type Db, isUniqueViolation, nowIso, unicodeLower } from '../../db'
import type { GroupRow } from '../../db/schema'
import { lockedRows, writeTransaction } from '../../db/transaction'
import { newId } from '../../lib/crypto'
import { HttpError, validationError } from '../../lib/errors'
import { groupInvitationMail } from '../../mail/templates'
import { toUserSummary } from '../users/dto'
import { assertVisible, groupByHandle, type GroupViewer, invitationCutoff, invitationExpiry, requireGroupRole, roleIn } from './access'
import { toGroupDtos } from './service'

const SUMMARY = ['u.id', 'u.name', 'u.lastname', 'u.username', 'u.avatar_name', 'u.avatar_path'] as const

export function createGroupMembersService(ctx: AppContext) {
  const db: Db = ctx.db
  const summary = (u: Parameters<typeof toUserSummary>[0]) => toUserSummary(u, ctx.config.publicUrl)

  /**
   * The group's members and roles, locked until the transaction ends (FOR UPDATE on PostgreSQL; SQLite's write
   * transaction holds the database): every change of roles, leaving or removal reads the roster here, so two owners
   * acting at once are taken one after the other and the second sees what the first left (a group keeps an owner).
   */
  async function lockedRoster(trx: Db, groupId: string) {
    const rows = await lockedRows(ctx.dialect, trx.selectFrom('group_members').select(['user_id', 'role']).where('group_id', '=', groupId)).execute()
    const roles = new Map(rows.map((r) => [r.user_id, r.role as GroupRole]))
    return { roleOf: (userId: string) => roles.get(userId) ?? null, owners: rows.filter((r) => r.role === 'owner').length }
  }

  type Roster = Awaited<ReturnType<typeof lockedRoster>>

  /** The caller's role in the locked roster, which must allow `action` (as requireGroupRole, read again inside). */
  function callerMay(roster: Roster, viewer: GroupViewer, action: GroupPermission): GroupRole {
    const role = roster.roleOf(viewer.id)
    if (!role) throw new HttpError(403, 'groupNotMember')
    if (!canInGroup(role, action)) throw new HttpError(403, action === 'manageOwners' ? 'groupOwnersOnly' : 'groupNeedsRole')
    return role
  }

  /** A member's role in the locked roster, or 404: the person is not in the group. */
  function memberRole(roster: Roster, userId: string): GroupRole {
    const role = roster.roleOf(userId)
    if (!role) throw new HttpError(404, 'notFound')
    return role
  }

  async function invitationsOf(where: (q: ReturnType<typeof baseInvitations>) => ReturnType<typeof baseInvitations>) {
    const rows = await where(baseInvitations()).orderBy('i.created_at', 'desc').execute()
    return rows.map(
      (r): GroupInvitation & { groupId: string } => ({
        groupId: r.group_id,
        id: r.id,
        user: r.user_id ? summary({ id: r.user_id, name: r.u_name!, lastname: r.u_lastname!, username: r.u_username!, avatar_name: r.u_avatar_name, avatar_path: r.u_avatar_path }) : null,
        email: r.user_id ? null : r.email,
        role: r.role as GroupInvitation['role'],
        invitedBy: r.by_id ? summary({ id: r.by_id, name: r.by_name!, lastname: r.by_lastname!, username: r.by_username!, avatar_name: r.by_avatar_name, avatar_path: r.by_avatar_path }) : null,
        createdAt: r.created_at,
        expiresAt: invitationExpiry(r.created_at),
      }),
    )
  }

  function baseInvitations() {
    return db
      .selectFrom('group_invitations as i')
      .leftJoin('users as u', 'u.id', 'i.user_id')
      .leftJoin('users as by', 'by.id', 'i.invited_by')
      .select([
        'i.id',
        'i.group_id',
        'i.user_id',
        'i.email',
        'i.role',
        'i.created_at',
        'u.name as u_name',
        'u.lastname as u_lastname',
        'u.username as u_username',
        'u.avatar_name as u_avatar_name',
        'u.avatar_path as u_avatar_path',
        'by.id as by_id',
        'by.name as by_name',
        'by.lastname as by_lastname',
        'by.username as by_username',
        'by.avatar_name as by_avatar_name',
        'by.avatar_path as by_avatar_path',
      ])
      .where('i.created_at', '>', invitationCutoff(ctx.now()))
  }

  /** The invitation `id` if it is the caller's (by account or by their email address), else 404. */
  async function ownInvitation(id: string, viewer: GroupViewer) {
    const me = await db.selectFrom('users').select(['email']).where('id', '=', viewer.id).executeTakeFirst()
    const row = await db.selectFrom('group_invitations').selectAll().where('id', '=', id).executeTakeFirst()
    if (!row || !(row.user_id === viewer.id || (!!me?.email && row.email === me.email))) throw new HttpError(404, 'notFound')
    if (row.created_at <= invitationCutoff(ctx.now())) throw new HttpError(410, 'groupInvitationExpired')
    return row
  }

  return {
    /** Members with their roles (owners first), for the group's members and moderators. */
    async members(handle: string, viewer: GroupViewer): Promise<{ items: GroupMember[] }> {
      const group = await groupByHandle(db, handle)
      const role = await roleIn(db, group.id, viewer.id)
      assertVisible(group, role, viewer)
      if (!canInGroup(role, 'seeMembers') && !can(viewer.role, 'moderate')) throw new HttpError(403, 'groupNotMember')
      let query = db
        .selectFrom('group_members as m')
        .innerJoin('users as u', 'u.id', 'm.user_id')
        .select([...SUMMARY, 'm.role', 'm.joined_at'])
        .where('m.group_id', '=', group.id)
      // A disabled or leaving account is gone for everyone but moderators, as in follower lists.
      if (!can(viewer.role, 'moderate')) query = query.where(activeAccounts('u'))
      const rows = await query.orderBy('m.joined_at').execute()
      const rank = (r: string) => ['owner', 'admin', 'editor', 'member'].indexOf(r)
      rows.sort((a, b) => rank(a.role) - rank(b.role))
      return { items: rows.map((r) => ({ user: summary(r), role: r.role as GroupRole, joinedAt: r.joined_at })) }
    },

    /** The invitations waiting in a group, for those who manage its members. */
    async invitations(handle: string, viewer: GroupViewer): Promise<{ items: GroupInvitation[] }> {
      const group = await groupByHandle(db, handle)
      await requireGroupRole(db, group, viewer, 'manageMembers', true)
      return { items: (await invitationsOf((q) => q.where('i.group_id', '=', group.id))).map(({ groupId: _groupId, ...item }) => item) }
    },

    /**
     * Invites a person by username, or anyone by email address (a person with that address gets it on their
     * account; an address without one, once they sign up with it). The invitee hears by mail.
     */
    async invite(handle: string, body: GroupInviteBody, viewer: GroupViewer, language: string): Promise<GroupInvitation> {
      const group = await groupByHandle(db, handle)
      await requireGroupRole(db, group, viewer, 'manageMembers')
      const role = body.role ?? 'member'
      const who = body.who.trim()
      const byEmail = isEmailAddress(who)
      // Someone with an account and a say here: not a fediverse actor, not disabled or leaving.
      const people = db.selectFrom('users').select(['id', 'email', 'name', 'locale']).where('remote_actor', 'is', null).where(activeAccounts('users'))
      // By address, the invitation stays the address's (matched to an account when read): the inviter learns nothing
      // of whose address it is, nor whether that person is in the group already.
      const person = byEmail
        ? await people.where('email', '=', who.toLowerCase()).executeTakeFirst()
        : await people.where((eb) => eb(unicodeLower(ctx.dialect, 'username'), '=', who.toLowerCase())).executeTakeFirst()
      if (!byEmail && !person) throw validationError({ who: ['groupUserNotFound'] })
      const invitee = byEmail ? { user_id: null, email: who.toLowerCase() } : { user_id: person!.id, email: null }
      const id = newId()
      try {
        await writeTransaction(ctx, async (work) => {
          const { db: trx, afterCommit } = work
          if (!byEmail && (await roleIn(trx, group.id, person!.id))) throw validationError({ who: ['groupAlreadyMember'] })
          // Invitations gone unanswered make room: the same person may be invited again.
          await trx.deleteFrom('group_invitations').where('group_id', '=', group.id).where('created_at', '<=', invitationCutoff(ctx.now())).execute()
          const pending = await trx.selectFrom('group_invitations').select(['user_id', 'email']).where('group_id', '=', group.id).execute()
          if (pending.some((p) => (byEmail ? p.email === invitee.email : p.user_id === invitee.user_id))) throw validationError({ who: ['groupAlreadyInvited'] })
          if (pending.length >= GROUP_LIMITS.pendingInvitationsMax) throw new HttpError(409, 'groupInvitationLimit')
          await trx.insertInto('group_invitations').values({ id, group_id: group.id, ...invitee, role, invited_by: viewer.id, created_at: nowIso(ctx.now()) }).execute()
          const inviter = await trx.selectFrom('users').select(['name', 'lastname']).where('id', '=', viewer.id).executeTakeFirst()
          // Their bell rings, with the invitation (a person found by address too: it is their own bell).
          if (person) await ctx.domainEvents.emit({ type: 'groupInvite', userFrom: viewer.id, groupId: group.id, recipientIds: [person.id] }, work)
          // To the address typed, or to the person's: a member invited by address hears too (and their answer changes nothing).
          const to = invitee.email ?? person?.email
          if (to)
            afterCommit(() =>
              ctx.sendMail({
                to,
                ...groupInvitationMail(languageOr(person?.locale ?? language), {
                  name: person?.name ?? null,
                  inviter: inviter ? `${inviter.name} ${inviter.lastname}`.trim() : '',
                  group: group.name,
                  role,
                  url: `${ctx.config.webUrl}/groups/${group.handle}`,
                }),
              }),
            )
        })
      } catch (error) {
        // Two invitations of one person at once: the unique index (migration 024) keeps one.
        if (isUniqueViolation(error)) throw validationError({ who: ['groupAlreadyInvited'] })
        throw error
      }
      const [{ groupId: _groupId, ...made }] = (await invitationsOf((q) => q.where('i.id', '=', id))) as [GroupInvitation & { groupId: string }]
      return made
    },

    async withdrawInvitation(handle: string, id: string, viewer: GroupViewer): Promise<void> {
      const group = await groupByHandle(db, handle)
      await requireGroupRole(db, group, viewer, 'manageMembers')
      const gone = await db.deleteFrom('group_invitations').where('id', '=', id).where('group_id', '=', group.id).executeTakeFirst()
      if (Number(gone.numDeletedRows) === 0) throw new HttpError(404, 'notFound')
    },

    /** The invitations waiting for the caller (by account or by their email address), with their groups. */
    async myInvitations(viewer: GroupViewer) {
      const me = await db.selectFrom('users').select('email').where('id', '=', viewer.id).executeTakeFirst()
      const email = me?.email ?? null
      const items = await invitationsOf((q) =>
        q.where((eb) => (email ? eb.or([eb('i.user_id', '=', viewer.id), eb('i.email', '=', email)]) : eb('i.user_id', '=', viewer.id))),
      )
      const groups = items.length
        ? await db.selectFrom('groups').selectAll().where('id', 'in', items.map((i) => i.groupId)).where('status', '=', 'ACTIVE').execute()
        : []
      const dtos = await toGroupDtos(db, groups, viewer, ctx.config.publicUrl, { email, now: ctx.now() })
      return {
        items: items.flatMap(({ groupId, ...item }) => {
          const group = dtos.find((g) => g.id === groupId)
          return group ? [{ ...item, group }] : []
        }),
      }
    },

    /** Accepts (the caller joins with the invitation's role) or declines; either way the invitation is used up. */
    async respond(id: string, accept: boolean, viewer: GroupViewer): Promise<{ message: 'groupJoined' | 'groupInvitationDeclined'; handle: string }> {
      const invitation = await ownInvitation(id, viewer)
      const group = await db.selectFrom('groups').selectAll().where('id', '=', invitation.group_id).executeTakeFirst()
      if (!group || group.status === 'DELETED') throw new HttpError(404, 'notFound')
      if (accept && group.status === 'SUSPENDED') throw new HttpError(403, 'groupSuspended')
      await writeTransaction(ctx, async ({ db: trx }) => {
        // Withdrawn meanwhile: nothing to answer.
        const still = await trx.deleteFrom('group_invitations').where('id', '=', invitation.id).executeTakeFirst()
        if (Number(still.numDeletedRows) === 0) throw new HttpError(404, 'notFound')
        // Every other invitation of this person to this group goes too: by account and by address.
        const me = await trx.selectFrom('users').select('email').where('id', '=', viewer.id).executeTakeFirst()
        await trx
          .deleteFrom('group_invitations')
          .where('group_id', '=', group.id)
          .where((eb) => (me?.email ? eb.or([eb('user_id', '=', viewer.id), eb('email', '=', me.email)]) : eb('user_id', '=', viewer.id)))
          .execute()
        if (accept && !(await roleIn(trx, group.id, viewer.id)))
          await trx.insertInto('group_members').values({ group_id: group.id, user_id: viewer.id, role: invitation.role, joined_at: nowIso(ctx.now()) }).execute()
      })
      return { message: accept ? 'groupJoined' : 'groupInvitationDeclined', handle: group.handle }
    },

    /** A new role for a member. Admins give admin, editor and member; only owners make or unmake owners. */
    async setRole(handle: string, userId: string, role: GroupRole, viewer: GroupViewer): Promise<GroupMember> {
      const group = await groupByHandle(db, handle)
      await requireGroupRole(db, group, viewer, 'manageMembers')
      await writeTransaction(ctx, async ({ db: trx }) => {
        const roster = await lockedRoster(trx, group.id)
        const myRole = callerMay(roster, viewer, 'manageMembers')
        const current = memberRole(roster, userId)
        if ((current === 'owner' || role === 'owner') && !canInGroup(myRole, 'manageOwners')) throw new HttpError(403, 'groupOwnersOnly')
        if (current === 'owner' && role !== 'owner' && roster.owners <= 1) throw new HttpError(409, 'groupLastOwner')
        await trx.updateTable('group_members').set({ role }).where('group_id', '=', group.id).where('user_id', '=', userId).execute()
      })
      return (await this.members(handle, viewer)).items.find((m) => m.user._id === userId)!
    },

    /** Removes a member (the caller themself: leaving). Only owners remove owners; the last owner stays. */
    async remove(handle: string, userId: string, viewer: GroupViewer): Promise<void> {
      const group = await groupByHandle(db, handle)
      if (userId === viewer.id) return this.leave(handle, viewer)
      await requireGroupRole(db, group, viewer, 'manageMembers')
      await writeTransaction(ctx, async ({ db: trx }) => {
        const roster = await lockedRoster(trx, group.id)
        const myRole = callerMay(roster, viewer, 'manageMembers')
        if (memberRole(roster, userId) === 'owner') {
          if (!canInGroup(myRole, 'manageOwners')) throw new HttpError(403, 'groupOwnersOnly')
          if (roster.owners <= 1) throw new HttpError(409, 'groupLastOwner')
        }
        await trx.deleteFrom('group_members').where('group_id', '=', group.id).where('user_id', '=', userId).execute()
      })
    },

    /** Leaves the group; the last owner cannot (409 groupLastOwner): they transfer ownership first. */
    async leave(handle: string, viewer: GroupViewer): Promise<void> {
      const group = await groupByHandle(db, handle)
      await writeTransaction(ctx, async ({ db: trx }) => {
        const roster = await lockedRoster(trx, group.id)
        const role = roster.roleOf(viewer.id)
        if (!role) throw new HttpError(403, 'groupNotMember')
        if (role === 'owner' && roster.owners <= 1) throw new HttpError(409, 'groupLastOwner')
        await trx.deleteFrom('group_members').where('group_id', '=', group.id).where('user_id', '=', viewer.id).execute()
      })
    },

    /** Gives ownership to another member; the caller stays on as an admin. */
    async transfer(handle: string, userId: string, viewer: GroupViewer): Promise<void> {
      const group = await groupByHandle(db, handle)
      await requireGroupRole(db, group, viewer, 'manageOwners')
      if (userId === viewer.id) throw validationError({ userId: ['invalidValue'] })
      await writeTransaction(ctx, async ({ db: trx }) => {
        const roster = await lockedRoster(trx, group.id)
        callerMay(roster, viewer, 'manageOwners')
        memberRole(roster, userId)
        await trx.updateTable('group_members').set({ role: 'owner' }).where('group_id', '=', group.id).where('user_id', '=', userId).execute()
        await trx.updateTable('group_members').set({ role: 'admin' }).where('group_id', '=', group.id).where('user_id', '=', viewer.id).execute()
      })
    },
  }
}

export type GroupMembersService = ReturnType<typeof createGroupMembersService>
export type { GroupRow }

/** Deletes the invitations gone unanswered (the daily job); answers how many. */
export async function expireGroupInvitations(ctx: AppContext): Promise<number> {
  const gone = await ctx.db.deleteFrom('group_invitations').where('created_at', '<=', invitationCutoff(ctx.now())).executeTakeFirst()
  return Number(gone.numDeletedRows)
}
