// Rows → the public post shape (contract eventSchema), with access rules applied per viewer.
import {
  type AccessType,
  type Event,
  type EventInvitation,
  type InvitationStatus,
  EVENT_LIMITS,
  type EventImage,
  type EventType,
  type ModerationReasons,
  type ModerationStatus,
  can,
  type PostStatus,
  type UserSummary,
  WEEK_DAYS,
} from '#contract'
import { accountVisibleTo, isInactiveAccount, postAccess, type PostAccess, profileAccess, type Viewer } from '../../access/policy'
import { currentReasons } from '../moderation/log'
import { sql } from 'kysely'
import { type Db, dialectOf } from '../../db'
import type { PostRow } from '../../db/schema'
import { PLACEHOLDER_NAME } from '../../media/images'
import { toUserSummary } from '../users/dto'

export type { Viewer }

export interface Relations {
  images: Map<string, { id: string; name: string; path: string; thumb_path: string | null }[]>
  categories: Map<string, string[]>
  hours: Map<string, { day: string; open: string; close: string }[]>
  /** who liked each post, hidden accounts left out */
  likes: Map<string, string[]>
  /** who takes part in each post, hidden accounts left out */
  participants: Map<string, string[]>
  /** seats taken per post, hidden accounts' seats included */
  seatsTaken: Map<string, number>
  /** posts the viewer takes part in */
  joined: Set<string>
  views: Map<string, number>
  users: Map<string, UserSummary>
  /** organizers the viewer follows */
  following: Set<string>
  /** posts the viewer is invited to (invitation not declined) */
  invited: Set<string>
  /** the viewer's invitation per post, whatever its status (a recipient is invited once per event) */
  invitations: Map<string, EventInvitation>
  /** organizers whose account is deactivated (disabled, or deletion requested) */
  inactiveAuthors: Set<string>
  /** moderators' reasons of rejected or removed posts, loaded for the owner's and moderators' views only */
  reasons: Map<string, ModerationReasons>
  /** people waiting for a seat, per post */
  waitlistCounts: Map<string, number>
  /** the viewer's place in each post's line (1 = next) */
  waitlistPositions: Map<string, number>
}

function push<T>(map: Map<string, T[]>, key: string, value: T) {
  const list = map.get(key)
  if (list) list.push(value)
  else map.set(key, [value])
}

/**
 * Summaries of these people as `viewer` may see them (the access policy): an account that is disabled or
 * waiting for deletion is left out for everyone but itself and moderators, and a rejected avatar is hidden.
 * Callers list only the people found, so a hidden account drops out of every list of names.
 */
export async function loadUserSummaries(
  db: Db,
  ids: string[],
  publicUrl: string,
  viewer: Pick<Viewer, 'id' | 'role'> | null = null,
): Promise<Map<string, UserSummary>> {
  return summariesOf(await readSummaryRows(db, ids), publicUrl, viewer)
}

/** The columns of these people that summaries and the access policy read. */
async function readSummaryRows(db: Db, ids: string[]) {
  const unique = [...new Set(ids)]
  if (unique.length === 0) return []
  return db
    .selectFrom('users')
    .select([
      'id',
      'name',
      'lastname',
      'username',
      'avatar_name',
      'avatar_path',
      'moderation_image_status',
      'disabled_at',
      'deletion_requested_at',
    ])
    .where('id', 'in', unique)
    .execute()
}

function summariesOf(
  rows: Awaited<ReturnType<typeof readSummaryRows>>,
  publicUrl: string,
  viewer: Pick<Viewer, 'id' | 'role'> | null,
): Map<string, UserSummary> {
  const out = new Map<string, UserSummary>()
  for (const u of rows) {
    const access = profileAccess(u, viewer)
    if (!access.visible) continue
    const summary = toUserSummary(u, publicUrl)
    out.set(u.id, access.showAvatar ? summary : { ...summary, avatarFile: null })
  }
  return out
}

export type Social = Pick<Relations, 'likes' | 'participants' | 'seatsTaken' | 'joined'>

/**
 * Likes and seats of these posts as `viewer` may see them: a hidden account's like and name are left out (the
 * access policy), its seat stays taken — held for it until it is purged or comes back (decision 032).
 */
export async function loadSocial(
  db: Db,
  postIds: string[],
  viewer: Pick<Viewer, 'id' | 'role'> | null,
): Promise<Social> {
  const social: Social = {
    likes: new Map(),
    participants: new Map(),
    seatsTaken: new Map(),
    joined: new Set(),
  }
  if (postIds.length === 0) return social
  // Likes and seats in one statement, each in the order it was given.
  const rows = await db
    .selectFrom('post_likes as l')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .select([sql<'like' | 'seat'>`'like'`.as('kind'), 'l.post_id', 'l.user_id', 'u.disabled_at', 'u.deletion_requested_at', 'l.created_at as given_at'])
    .where('l.post_id', 'in', postIds)
    .unionAll(
      db
        .selectFrom('post_participants as pp')
        .innerJoin('users as u', 'u.id', 'pp.user_id')
        .select([sql<'like' | 'seat'>`'seat'`.as('kind'), 'pp.post_id', 'pp.user_id', 'u.disabled_at', 'u.deletion_requested_at', 'pp.created_at as given_at'])
        .where('pp.post_id', 'in', postIds),
    )
    .orderBy('given_at')
    .execute()
  const likes = rows.filter((r) => r.kind === 'like')
  const participants = rows.filter((r) => r.kind === 'seat')
  const shown = (u: { user_id: string; disabled_at: string | null; deletion_requested_at: string | null }) =>
    accountVisibleTo({ id: u.user_id, ...u }, viewer)
  for (const l of likes) if (shown(l)) push(social.likes, l.post_id, l.user_id)
  for (const p of participants) {
    social.seatsTaken.set(p.post_id, (social.seatsTaken.get(p.post_id) ?? 0) + 1)
    if (p.user_id === viewer?.id) social.joined.add(p.post_id)
    if (shown(p)) push(social.participants, p.post_id, p.user_id)
  }
  return social
}

export async function loadRelations(
  db: Db,
  rows: PostRow[],
  viewer: Viewer | null,
  publicUrl: string,
): Promise<Relations> {
  const rel: Relations = {
    images: new Map(),
    categories: new Map(),
    hours: new Map(),
    likes: new Map(),
    participants: new Map(),
    seatsTaken: new Map(),
    joined: new Set(),
    views: new Map(),
    users: new Map(),
    following: new Set(),
    invited: new Set(),
    invitations: new Map(),
    inactiveAuthors: new Set(),
    reasons: new Map(),
    waitlistCounts: new Map(),
    waitlistPositions: new Map(),
  }
  const ids = rows.map((r) => r.id)
  if (ids.length === 0) return rel
  const organizers = [...new Set(rows.map((r) => r.posted_by))]
  const placeIds = rows.filter((r) => r.event_type === 'PLACE').map((r) => r.id)
  const privileged = viewer
    ? rows.filter((r) => r.posted_by === viewer.id || can(viewer.role, 'moderate'))
    : []
  // A post's categories as one text (category names hold no comma): one statement for every post's scalars.
  const categoryList = dialectOf(db) === 'postgres' ? sql.raw("string_agg(c.category, ',')") : sql.raw("group_concat(c.category, ',')")
  const [images, hours, social, counts, following, invited, reasons, places] = await Promise.all([
    db
      .selectFrom('post_images')
      .select(['id', 'post_id', 'name', 'path', 'thumb_path'])
      .where('post_id', 'in', ids)
      .orderBy('position')
      .orderBy('created_at')
      .execute(),
    placeIds.length
      ? db
          .selectFrom('post_hours')
          .select(['post_id', 'day', 'open', 'close'])
          .where('post_id', 'in', placeIds)
          .execute()
      : Promise.resolve([]),
    loadSocial(db, ids, viewer),
    // Per post in one statement: views, people waiting, categories, and the organizer (for the name on the
    // card and whether the account is active).
    db
      .selectFrom('posts as p')
      .innerJoin('users as a', 'a.id', 'p.posted_by')
      .select([
        'a.id as author_id',
        'a.name as author_name',
        'a.lastname as author_lastname',
        'a.username as author_username',
        'a.avatar_name as author_avatar_name',
        'a.avatar_path as author_avatar_path',
        'a.moderation_image_status as author_moderation_image_status',
        'a.disabled_at as author_disabled_at',
        'a.deletion_requested_at as author_deletion_requested_at',
      ])
      .select((eb) => [
        'p.id',
        sql<string | null>`(select ${categoryList} from post_categories c where c.post_id = p.id)`.as('categories'),
        eb.selectFrom('post_views as v').select(eb.fn.countAll<string | number>().as('n')).whereRef('v.post_id', '=', 'p.id').as('views'),
        eb.selectFrom('post_waitlist as w').select(eb.fn.countAll<string | number>().as('n')).whereRef('w.post_id', '=', 'p.id').as('waiting'),
      ])
      .where('p.id', 'in', ids)
      .execute(),
    viewer
      ? db
          .selectFrom('follows')
          .select('followee_id')
          .where('follower_id', '=', viewer.id)
          .where('followee_id', 'in', organizers)
          .execute()
      : Promise.resolve([]),
    viewer
      ? db
          .selectFrom('invitations as i')
          .innerJoin('invitation_recipients as r', 'r.invitation_id', 'i.id')
          .select(['i.post_id', 'i.id as invitation_id', 'r.status'])
          .where('r.recipient_id', '=', viewer.id)
          .where('i.post_id', 'in', ids)
          .execute()
      : Promise.resolve([]),
    currentReasons(db, privileged),
    viewer ? waitlistPlaces(db, ids, viewer.id) : Promise.resolve([]),
  ])
  rel.reasons = reasons
  for (const c of counts) {
    if (c.categories) rel.categories.set(c.id, c.categories.split(',').sort())
    if (Number(c.views ?? 0) > 0) rel.views.set(c.id, Number(c.views))
    if (Number(c.waiting ?? 0) > 0) rel.waitlistCounts.set(c.id, Number(c.waiting))
  }
  for (const p of places) rel.waitlistPositions.set(p.postId, p.position)
  for (const i of images) push(rel.images, i.post_id, i)
  const dayIndex = (d: string) => (WEEK_DAYS as readonly string[]).indexOf(d)
  for (const h of [...hours].sort(
    (a, b) => dayIndex(a.day) - dayIndex(b.day) || a.open.localeCompare(b.open),
  ))
    push(rel.hours, h.post_id, { day: h.day, open: h.open, close: h.close })
  Object.assign(rel, social)
  const authors = new Map(
    counts.map((c) => [
      c.author_id,
      {
        id: c.author_id,
        name: c.author_name,
        lastname: c.author_lastname,
        username: c.author_username,
        avatar_name: c.author_avatar_name,
        avatar_path: c.author_avatar_path,
        moderation_image_status: c.author_moderation_image_status,
        disabled_at: c.author_disabled_at,
        deletion_requested_at: c.author_deletion_requested_at,
      },
    ]),
  )
  rel.users = summariesOf([...authors.values()], publicUrl, viewer)
  for (const f of following) rel.following.add(f.followee_id)
  for (const u of authors.values()) if (isInactiveAccount(u)) rel.inactiveAuthors.add(u.id)
  for (const i of invited) {
    rel.invitations.set(i.post_id, { invitationId: i.invitation_id, status: i.status as InvitationStatus })
    if (i.status !== 'DECLINED') rel.invited.add(i.post_id)
  }
  return rel
}

/** A user's place in the lines of these posts (1 = next): how many wait ahead of them, plus one. */
export async function waitlistPlaces(
  db: Db,
  postIds: string[],
  userId: string,
): Promise<{ postId: string; position: number }[]> {
  if (postIds.length === 0) return []
  const rows = await db
    .selectFrom('post_waitlist as w')
    .select((eb) => [
      'w.post_id',
      eb
        .selectFrom('post_waitlist as ahead')
        .select(eb.fn.countAll<string | number>().as('n'))
        .whereRef('ahead.post_id', '=', 'w.post_id')
        .whereRef('ahead.position', '<', 'w.position')
        .as('ahead'),
    ])
    .where('w.user_id', '=', userId)
    .where('w.post_id', 'in', postIds)
    .execute()
  return rows.map((r) => ({ postId: r.post_id, position: Number(r.ahead ?? 0) + 1 }))
}

export function isEnded(
  row: Pick<PostRow, 'event_type' | 'start_date' | 'end_date'>,
  now = Date.now(),
): boolean {
  if (row.event_type === 'PLACE') return false
  if (row.end_date) return Date.parse(row.end_date) < now
  if (row.start_date) return Date.parse(row.start_date) + EVENT_LIMITS.defaultDurationMs < now
  return false
}

/** The access policy's answer for one post of a loaded batch. */
export function accessOf(
  row: PostRow,
  viewer: Viewer | null,
  rel: Pick<Relations, 'joined' | 'following' | 'invited' | 'inactiveAuthors'>,
): PostAccess {
  return postAccess(row, viewer, {
    isParticipant: rel.joined.has(row.id),
    isInvited: rel.invited.has(row.id),
    followsAuthor: rel.following.has(row.posted_by),
    authorInactive: rel.inactiveAuthors.has(row.posted_by),
  })
}

export function imageDto(
  img: { id: string; name: string; path: string; thumb_path: string | null },
  publicUrl: string,
): EventImage {
  const path = `/uploads/${img.path}`
  const thumbnailPath = `/uploads/${img.thumb_path ?? img.path}`
  return {
    _id: img.id,
    name: img.name,
    path,
    url: publicUrl + path,
    thumbnailPath,
    thumbnailUrl: publicUrl + thumbnailPath,
  }
}

export function placeholderImage(publicUrl: string): EventImage {
  const path = `/uploads/static/${PLACEHOLDER_NAME}`
  return {
    _id: 'placeholder',
    name: PLACEHOLDER_NAME,
    path,
    url: publicUrl + path,
    thumbnailPath: path,
    thumbnailUrl: publicUrl + path,
  }
}

export function toEventDto(row: PostRow, rel: Relations, viewer: Viewer | null, publicUrl: string): Event {
  const access = accessOf(row, viewer, rel)
  const restricted = !access.readable
  const likes = rel.likes.get(row.id) ?? []
  const participants = rel.participants.get(row.id) ?? []
  const ended = isEnded(row)
  const images = access.showImages
    ? (rel.images.get(row.id) ?? []).map((i) => imageDto(i, publicUrl))
    : [placeholderImage(publicUrl)]
  const coordinates: [number, number] = [Number(row.lon), Number(row.lat)]
  const seatsTaken = rel.seatsTaken.get(row.id) ?? 0
  const seatsLeft = row.max_participants === null || seatsTaken < row.max_participants
  const cancelled = row.cancelled_at !== null
  const waitlistPosition = rel.waitlistPositions.get(row.id) ?? null
  // Who may take a seat or a place in line: the same people, at the same moments.
  const mayTakePart =
    !!viewer &&
    viewer.isActivated &&
    access.mayJoin &&
    access.open &&
    !access.isParticipant &&
    row.event_type === 'EVENT' &&
    !ended &&
    !cancelled
  return {
    _id: row.id,
    title: row.title,
    description: restricted ? null : row.description,
    eventType: row.event_type as EventType,
    accessType: row.access_type as AccessType,
    startDate: row.start_date,
    endDate: row.end_date,
    address: restricted ? null : row.address,
    location: restricted ? null : { type: 'Point', coordinates },
    coordinates: restricted ? null : coordinates,
    images,
    categories: rel.categories.get(row.id) ?? [],
    hours: rel.hours.get(row.id) ?? [],
    price:
      row.price_donation === 1
        ? { donation: true, amount: null, currency: null, range: null }
        : row.price_amount !== null && row.price_currency
          ? {
              donation: false,
              amount: Number(row.price_amount),
              currency: row.price_currency as 'RUB',
              range: (row.price_range as 'FROM' | null) ?? null,
            }
          : null,
    channelLink: restricted ? null : row.channel_link,
    maxParticipants: row.max_participants,
    participants: restricted ? [] : participants,
    // Seats taken: a hidden account's seat is held for it, so the count says how full the event is.
    participantsCount: seatsTaken,
    likes: restricted ? (viewer && likes.includes(viewer.id) ? [viewer.id] : []) : likes,
    likesCount: likes.length,
    views: rel.views.get(row.id) ?? 0,
    postedBy: rel.users.get(row.posted_by) ?? {
      _id: row.posted_by,
      name: '',
      lastname: '',
      username: '',
      avatarFile: null,
    },
    createdBy: row.created_by,
    moderationStatus: row.moderation_status as ModerationStatus,
    moderationImageStatus: row.moderation_image_status as ModerationStatus,
    postStatus: row.post_status as PostStatus,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    isLiked: !!viewer && likes.includes(viewer.id),
    isParticipant: access.isParticipant,
    isOwner: access.isOwner,
    canJoin: mayTakePart && seatsLeft,
    canWait: mayTakePart && !seatsLeft && waitlistPosition === null,
    waitlistCount: rel.waitlistCounts.get(row.id) ?? 0,
    waitlistPosition,
    cancelledAt: row.cancelled_at,
    cancelMessage: restricted ? null : row.cancel_message,
    rescheduledAt: row.rescheduled_at,
    previousStartDate: row.previous_start_date,
    restricted,
    isEnded: ended,
    invitation: rel.invitations.get(row.id) ?? null,
    moderationReasons: access.isOwner || access.isModerator ? (rel.reasons.get(row.id) ?? null) : null,
  }
}

export async function toEventDtos(
  db: Db,
  rows: PostRow[],
  viewer: Viewer | null,
  publicUrl: string,
): Promise<Event[]> {
  const rel = await loadRelations(db, rows, viewer, publicUrl)
  return rows.map((r) => toEventDto(r, rel, viewer, publicUrl))
}
