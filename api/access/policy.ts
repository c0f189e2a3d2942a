// The one access policy of the API (ARCHITECTURE "Rules the spec leaves open"; docs/decisions/015-access-policy.md):
// who may read, interact with, edit or moderate a post or a profile. Every route and service asks it, and
// lists filter with `postsVisibleTo`, the same rule as a query. Role-only rules come from contract `can()`.
import { can, canInGroup, type GroupRole, type Role } from '#contract'
import { type ExpressionBuilder, type Expression, type SqlBool, sql } from 'kysely'
import type { Database } from '../db/schema'
import type { PostRow, UserRow } from '../db/schema'

export interface Viewer {
  id: string
  role: Role
  isActivated: boolean
}

export type PostFacts = Pick<
  PostRow,
  'id' | 'posted_by' | 'access_type' | 'post_status' | 'moderation_status' | 'moderation_image_status' | 'event_type' | 'group_id'
>

/** What ties the viewer to the post (loaded by the caller, e.g. events/dto loadRelations). */
export interface PostTies {
  isParticipant: boolean
  /** Invited, and the invitation is not declined. */
  isInvited: boolean
  followsAuthor: boolean
  /** The author's account is deactivated (disabled, or deletion requested): their posts are gone. */
  authorInactive: boolean
  /** The viewer's role in the group the post is posted as (issue 45), or null/absent: not a member, or no group. */
  groupRole?: GroupRole | null
}

export interface PostAccess {
  isOwner: boolean
  isModerator: boolean
  isParticipant: boolean
  /** The post exists for this viewer; else every call about it answers 404. */
  visible: boolean
  /** May open the details, like it and count a view; else 403 with `denyCode` (the card is still listed). */
  readable: boolean
  denyCode: 'privateEvent' | 'subscribersOnly'
  /** The access type lets the viewer join (seats, dates and status are checked by the join itself). */
  mayJoin: boolean
  /** The post takes new participants and invitations at all: active and not rejected. */
  open: boolean
  /** The organizer's own edits: text, photos, participants, invitations. */
  mayEdit: boolean
  /** Delete: the organizer, or a moderator. */
  mayDelete: boolean
  /** Moderation decisions on it: a moderator's, on someone else's post (mayModerateContent). */
  mayModerate: boolean
  /** Its photos, or the placeholder of a rejected image. */
  showImages: boolean
}

/**
 * Moderation decisions on content (a post, a profile, a report about either): moderators decide, but never on
 * their own — another moderator does (decision 018). `ownerId`: the post's author, or the profile's own id.
 * The console shows a row's actions by it (`mayModerate` in the API's rows) and the API refuses 403 ownContent.
 */
export function mayModerateContent(viewer: Pick<Viewer, 'id' | 'role'> | null, ownerId: string): boolean {
  return !!viewer && can(viewer.role, 'moderate') && viewer.id !== ownerId
}

const removed = (post: Pick<PostFacts, 'post_status' | 'moderation_status'>) =>
  post.post_status !== 'ACTIVE' || post.moderation_status === 'REJECTED'

export function postAccess(post: PostFacts, viewer: Viewer | null, ties: PostTies): PostAccess {
  // A group's event is organized by the group's owners, admins and editors (contract GROUP_PERMISSIONS postEvents).
  const groupRole = post.group_id ? (ties.groupRole ?? null) : null
  const isOwner = !!viewer && (viewer.id === post.posted_by || canInGroup(groupRole, 'postEvents'))
  const isModerator = can(viewer?.role, 'moderate')
  const privileged = isOwner || isModerator
  const visible = privileged || (!removed(post) && !ties.authorInactive)
  const invited = ties.isInvited
  // A group's "followers only" event is its members' (the group's followers get its public events).
  const follower = post.group_id ? canInGroup(groupRole, 'seeMembers') : ties.followsAuthor
  let joinable: boolean
  if (post.access_type === 'COMMON') joinable = true
  else if (post.access_type === 'SUBSCRIBERS') joinable = follower || invited
  else joinable = invited
  const readable =
    visible &&
    (post.access_type === 'COMMON' ||
      privileged ||
      ties.isParticipant ||
      invited ||
      (post.access_type === 'SUBSCRIBERS' && follower))
  return {
    isOwner,
    isModerator,
    isParticipant: ties.isParticipant,
    visible,
    readable,
    denyCode: post.access_type === 'PRIVATE' ? 'privateEvent' : 'subscribersOnly',
    mayJoin: visible && joinable && !!viewer && !isOwner,
    open: !removed(post) && !ties.authorInactive,
    mayEdit: isOwner && post.post_status !== 'DELETED',
    mayDelete: (isOwner || isModerator) && post.post_status !== 'DELETED',
    mayModerate: mayModerateContent(viewer, post.posted_by),
    showImages: post.moderation_image_status !== 'REJECTED' || privileged,
  }
}

type PostsEb = ExpressionBuilder<Database & { p: Database['posts'] }, 'posts' | 'p'>

/**
 * The rule of `postAccess().visible` as a filter of `posts` (alias `posts` or `p`) for lists, which never show
 * DELETED posts: active, not rejected (unless the viewer's own or a moderator's view), author not deactivated.
 * `null` is the view of everyone: what public lists show.
 */
export function postsVisibleTo(viewer: Viewer | null, table: 'posts' | 'p' = 'posts') {
  return <DB, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>): Expression<SqlBool> => {
    const e = eb as unknown as PostsEb
    const col = <C extends 'post_status' | 'moderation_status' | 'posted_by'>(c: C) => e.ref(`${table}.${c}`)
    const activeAuthor = e.not(
      e.exists(
        e
          .selectFrom('users as author')
          .select(sql<number>`1`.as('one'))
          .whereRef('author.id', '=', col('posted_by'))
          .where((u) => u.not(activeAccounts('author')(u))),
      ),
    )
    const conditions: Expression<SqlBool>[] = [e(col('post_status'), '=', 'ACTIVE')]
    if (can(viewer?.role, 'moderate')) return e.and(conditions)
    if (viewer) conditions.push(e.or([e(col('moderation_status'), '!=', 'REJECTED'), e(col('posted_by'), '=', viewer.id)]))
    else conditions.push(e(col('moderation_status'), '!=', 'REJECTED'))
    conditions.push(viewer ? e.or([activeAuthor, e(col('posted_by'), '=', viewer.id)]) : activeAuthor)
    return e.and(conditions)
  }
}

export type ProfileFacts = Pick<UserRow, 'id' | 'moderation_image_status' | 'disabled_at' | 'deletion_requested_at'>

export interface ProfileAccess {
  isSelf: boolean
  isModerator: boolean
  /** The profile exists for this viewer (a deactivated account is gone for everyone but moderators). */
  visible: boolean
  showAvatar: boolean
  mayEdit: boolean
  mayFollow: boolean
  mayModerate: boolean
}

/** Disabled, or its deletion pending: the account, its posts, likes, seats' names and follows are hidden. */
export function isInactiveAccount(user: Pick<UserRow, 'disabled_at' | 'deletion_requested_at'>): boolean {
  return !!user.disabled_at || !!user.deletion_requested_at
}

type UsersEb = ExpressionBuilder<Database & Record<string, Database['users']>, string>

/**
 * The rule of `isInactiveAccount` as a filter of `users` (under `alias`), for what everyone sees: people
 * lists and searches, follower counts, the senders and recipients of mail and reminders.
 */
export function activeAccounts(alias = 'users') {
  return <DB, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>): Expression<SqlBool> => {
    const e = eb as unknown as UsersEb
    return e.and([e(e.ref(`${alias}.disabled_at`), 'is', null), e(e.ref(`${alias}.deletion_requested_at`), 'is', null)])
  }
}

/** `profileAccess().visible` alone: whether `viewer` may see this account (or its likes and its name on a seat). */
export function accountVisibleTo(
  user: Pick<UserRow, 'id' | 'disabled_at' | 'deletion_requested_at'>,
  viewer: Pick<Viewer, 'id' | 'role'> | null,
): boolean {
  return !isInactiveAccount(user) || viewer?.id === user.id || can(viewer?.role, 'moderate')
}

export function profileAccess(user: ProfileFacts, viewer: Pick<Viewer, 'id' | 'role'> | null): ProfileAccess {
  const isSelf = !!viewer && viewer.id === user.id
  const isModerator = can(viewer?.role, 'moderate')
  const inactive = isInactiveAccount(user)
  return {
    isSelf,
    isModerator,
    visible: accountVisibleTo(user, viewer),
    showAvatar: user.moderation_image_status !== 'REJECTED' || isSelf || isModerator,
    mayEdit: isSelf,
    mayFollow: !!viewer && !isSelf && !inactive,
    mayModerate: mayModerateContent(viewer, user.id),
  }
}

/**
 * Which posts the discovery lists (a city's events and places, its map, its calendar feeds) hold for `viewer`
 * (decision 040): ours, and events from the fediverse when admins allowed their server or the viewer follows
 * their author. Alias `posts`.
 */
export function postsListedFor(viewer: Pick<Viewer, 'id'> | null) {
  return <DB, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>): Expression<SqlBool> => {
    const e = eb as unknown as ExpressionBuilder<Database, 'posts'>
    // Row by row, through the keys of federation_domains and follows; our own posts stop at the first test.
    const ways: Expression<SqlBool>[] = [
      e('posts.remote_domain', 'is', null),
      e.exists(
        e
          .selectFrom('federation_domains')
          .select(sql<number>`1`.as('one'))
          .whereRef('federation_domains.domain', '=', 'posts.remote_domain')
          .where('federation_domains.status', '=', 'ALLOWED'),
      ),
    ]
    if (viewer)
      ways.push(
        e.exists(
          e
            .selectFrom('follows')
            .select(sql<number>`1`.as('one'))
            .where('follows.follower_id', '=', viewer.id)
            .whereRef('follows.followee_id', '=', 'posts.posted_by'),
        ),
      )
    return e.or(ways)
  }
}
