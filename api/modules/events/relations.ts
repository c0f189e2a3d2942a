// What a batch of posts needs besides its rows, read in a few queries per batch: the viewer's ties (likes, seats,
// invitations, follows, requests to join), who liked and took seats, people's summaries, categories, hours,
// photos, the waiting lines — the loaders that dto.ts maps with the access policy.
import {
  type EventInvitation,
  type InvitationStatus,
  type JoinRequestStatus,
  type ModerationReasons,
  can,
  canInGroup,
  type GroupRole,
  type UserSummary,
  WEEK_DAYS,
} from '#contract'
import { eventRolesIn } from '../../access/group-roles'
import { accountVisibleTo, activeAccounts, isInactiveAccount, profileAccess, type Viewer } from '../../access/policy'
import { currentReasons } from '../moderation/log'
import { type RawBuilder, sql } from 'kysely'
import { type Db, dialectOf } from '../../db'
import type { PostRow, UserRow } from '../../db/schema'
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
  /** the viewer's request to join each post that needs approval (decision 042) */
  joinRequests: Map<string, { status: JoinRequestStatus; createdAt: string }>
  /** the calendar each imported post came from, for the owner's and moderators' views only (issue 42) */
  sources: Map<string, ImportedFrom>
  /** pending requests per post, for the organizer's own posts */
  pendingRequests: Map<string, number>
  /** the groups the posts are posted as (issue 45; active ones), and the viewer's role in each */
  groups: Map<string, EventGroup>
  groupRoles: Map<string, GroupRole>
}

/** The group an event is posted as, as its page and cards name it. */
export interface EventGroup {
  id: string
  handle: string
  name: string
}

/** Whether the viewer organizes the post: its author, or an owner, admin or editor of its group. */
export function organizes(row: Pick<PostRow, 'posted_by' | 'group_id'>, viewer: Viewer | null, rel: Pick<Relations, 'groupRoles'>): boolean {
  if (!viewer) return false
  return row.posted_by === viewer.id || (!!row.group_id && canInGroup(rel.groupRoles.get(row.group_id), 'postEvents'))
}

/** The active groups of these posts and the viewer's roles in them: nothing to read for posts of no group. */
async function loadGroups(db: Db, rows: PostRow[], viewer: Viewer | null, rel: Relations): Promise<void> {
  const ids = [...new Set(rows.map((r) => r.group_id).filter((id): id is string => !!id))]
  if (ids.length === 0) return
  const [groups, roles] = await Promise.all([
    db.selectFrom('groups').select(['id', 'handle', 'name']).where('id', 'in', ids).where('status', '=', 'ACTIVE').execute(),
    eventRolesIn(db, ids, viewer?.id),
  ])
  for (const g of groups) rel.groups.set(g.id, g)
  rel.groupRoles = roles
}

/** An event that needs approval, for a viewer who is not invited: they ask instead of joining (decision 042). */
export function mustAsk(row: Pick<PostRow, 'id' | 'join_approval'>, rel: Pick<Relations, 'invited'>): boolean {
  return Number(row.join_approval) === 1 && !rel.invited.has(row.id)
}

/** The viewer's requests to join, and the pending requests of the viewer's own posts, among posts that need approval. */
async function loadJoinRequests(db: Db, rows: PostRow[], viewer: Viewer, rel: Relations): Promise<void> {
  const asking = rows.filter((r) => Number(r.join_approval) === 1)
  if (asking.length === 0) return
  const own = asking.filter((r) => organizes(r, viewer, rel)).map((r) => r.id)
  const [mine, pending] = await Promise.all([
    db
      .selectFrom('post_join_requests')
      .select(['post_id', 'status', 'created_at'])
      .where('user_id', '=', viewer.id)
      .where(
        'post_id',
        'in',
        asking.map((r) => r.id),
      )
      .execute(),
    own.length
      ? db
          .selectFrom('post_join_requests')
          .innerJoin('users', 'users.id', 'post_join_requests.user_id')
          .select(['post_join_requests.post_id', (eb) => eb.fn.countAll<string | number>().as('n')])
          .where('post_join_requests.post_id', 'in', own)
          .where('post_join_requests.status', '=', 'PENDING')
          .where(activeAccounts('users'))
          .groupBy('post_join_requests.post_id')
          .execute()
      : Promise.resolve([]),
  ])
  for (const r of mine) rel.joinRequests.set(r.post_id, { status: r.status, createdAt: r.created_at })
  for (const r of pending) rel.pendingRequests.set(r.post_id, Number(r.n))
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

/** A person the viewer may not see (an account disabled or waiting for deletion): their id, and no name. */
export function hiddenUserSummary(id: string): UserSummary {
  return { _id: id, name: '', lastname: '', username: '', avatarFile: null }
}

/** The columns of a person that summaries and the access policy read. */
const SUMMARY_COLUMNS = [
  'id',
  'name',
  'lastname',
  'username',
  'avatar_name',
  'avatar_path',
  'moderation_image_status',
  'disabled_at',
  'deletion_requested_at',
] as const
type SummaryRow = { [C in (typeof SUMMARY_COLUMNS)[number]]: UserRow[C] }

/** The columns of these people that summaries and the access policy read. */
async function readSummaryRows(db: Db, ids: string[]) {
  const unique = [...new Set(ids)]
  if (unique.length === 0) return []
  return db.selectFrom('users').select(SUMMARY_COLUMNS).where('id', 'in', unique).execute()
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
  for (const row of rows) addGiven(social, row.post_id, row.kind, row, viewer)
  return social
}

/** Who gave a like or took a seat, with the state of their account. */
type GivenBy = { user_id: string; disabled_at: string | null; deletion_requested_at: string | null }

/**
 * One like or seat of a post, as `viewer` may see it: a hidden account's like and name are left out, its seat
 * stays taken — held for it until it is purged or comes back (decision 032).
 */
function addGiven(social: Social, postId: string, kind: 'like' | 'seat', by: GivenBy, viewer: Pick<Viewer, 'id' | 'role'> | null) {
  const shown = accountVisibleTo({ id: by.user_id, ...by }, viewer)
  if (kind === 'like') {
    if (shown) push(social.likes, postId, by.user_id)
    return
  }
  social.seatsTaken.set(postId, (social.seatsTaken.get(postId) ?? 0) + 1)
  if (by.user_id === viewer?.id) social.joined.add(postId)
  if (shown) push(social.participants, postId, by.user_id)
}

/** The categories of post `alias` as one text, comma-separated (category names hold no comma); null if none. */
export function categoriesText(db: Db, alias: string) {
  const list = dialectOf(db) === 'postgres' ? sql.raw("string_agg(c.category, ',')") : sql.raw("group_concat(c.category, ',')")
  return sql<string | null>`(select ${list} from post_categories c where c.post_id = ${sql.ref(`${alias}.id`)})`
}

/** A JSON array of arrays (one per row) as the database returned it: parsed by node-postgres, text from SQLite. */
function jsonRows<T>(value: unknown): T[] {
  if (value === null || value === undefined) return []
  return (typeof value === 'string' ? JSON.parse(value) : value) as T[]
}

/**
 * Everything a page of cards shows besides the post's own columns, in one statement with one row per post
 * (decision 033: on PostgreSQL each statement is a round trip): the organizer, categories, counts, photos,
 * opening hours, likes and seats with their accounts' state, and — for a signed-in viewer — whether they
 * follow the organizer, their invitation and their place in the line. Lists of rows come as JSON arrays.
 */
function readCardDetails(db: Db, ids: string[], viewerId: string | null) {
  const postgres = dialectOf(db) === 'postgres'
  const jsonArray = (values: RawBuilder<unknown>[]) => (postgres ? sql`json_build_array(${sql.join(values)})` : sql`json_array(${sql.join(values)})`)
  const rowsOf = (values: RawBuilder<unknown>[], from: RawBuilder<unknown>, order: RawBuilder<unknown>) =>
    postgres ? sql`(select json_agg(${jsonArray(values)} order by ${order}) ${from})` : sql`(select json_group_array(${jsonArray(values)} order by ${order}) ${from})`
  const ref = (column: string) => sql.ref(column)
  const people = (table: string) =>
    rowsOf(
      [ref('x.user_id'), ref('u.disabled_at'), ref('u.deletion_requested_at')],
      sql`from ${sql.table(table)} x inner join users u on u.id = x.user_id where x.post_id = p.id`,
      sql`x.created_at, x.user_id`,
    )
  const viewer = sql.val(viewerId)
  return db
    .selectFrom('posts as p')
    .innerJoin('users as a', 'a.id', 'p.posted_by')
    // The organizer, as a summary's columns (for the name on the card and whether the account is active).
    .select(['p.id', jsonArray(SUMMARY_COLUMNS.map((column) => ref(`a.${column}`))).as('author')])
    .select((eb) => [
      categoriesText(db, 'p').as('categories'),
      eb.selectFrom('post_views as v').select(eb.fn.countAll<string | number>().as('n')).whereRef('v.post_id', '=', 'p.id').as('views'),
      eb.selectFrom('post_waitlist as w').select(eb.fn.countAll<string | number>().as('n')).whereRef('w.post_id', '=', 'p.id').as('waiting'),
      rowsOf([ref('i.id'), ref('i.name'), ref('i.path'), ref('i.thumb_path')], sql`from post_images i where i.post_id = p.id`, sql`i.position, i.created_at`).as('images'),
      rowsOf([ref('h.day'), ref('h.open'), ref('h.close')], sql`from post_hours h where h.post_id = p.id`, sql`h.id`).as('hours'),
      people('post_likes').as('likes'),
      people('post_participants').as('seats'),
      sql<unknown>`${viewerId === null ? sql`null` : sql`exists (select 1 from follows f where f.follower_id = ${viewer} and f.followee_id = p.posted_by)`}`.as('following'),
      sql<unknown>`${
        viewerId === null
          ? sql`null`
          : sql`(select ${jsonArray([ref('i.id'), ref('r.status')])} from invitations i inner join invitation_recipients r on r.invitation_id = i.id where r.recipient_id = ${viewer} and i.post_id = p.id limit 1)`
      }`.as('invitation'),
      // The viewer's place in the line (1 = next): how many wait ahead of them, plus one.
      sql<string | number | null>`${
        viewerId === null
          ? sql`null`
          : sql`(select 1 + ${aheadInLine} from post_waitlist w where w.post_id = p.id and w.user_id = ${viewer})`
      }`.as('waitlist_place'),
    ])
    .where('p.id', 'in', ids)
    .execute()
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
    sources: new Map(),
    waitlistCounts: new Map(),
    waitlistPositions: new Map(),
    joinRequests: new Map(),
    pendingRequests: new Map(),
    groups: new Map(),
    groupRoles: new Map(),
  }
  const ids = rows.map((r) => r.id)
  if (ids.length === 0) return rel
  await loadGroups(db, rows, viewer, rel)
  const privileged = viewer ? rows.filter((r) => organizes(r, viewer, rel) || can(viewer.role, 'moderate')) : []
  const [details, reasons, sources] = await Promise.all([
    readCardDetails(db, ids, viewer?.id ?? null),
    currentReasons(db, privileged),
    importedFrom(db, privileged),
    viewer ? loadJoinRequests(db, rows, viewer, rel) : undefined,
  ])
  rel.reasons = reasons
  rel.sources = sources
  const authors = new Map<string, SummaryRow>()
  for (const d of details) {
    if (d.categories) rel.categories.set(d.id, d.categories.split(',').sort())
    if (Number(d.views ?? 0) > 0) rel.views.set(d.id, Number(d.views))
    if (Number(d.waiting ?? 0) > 0) rel.waitlistCounts.set(d.id, Number(d.waiting))
    for (const [id, name, path, thumb_path] of jsonRows<[string, string, string, string | null]>(d.images))
      push(rel.images, d.id, { id, name, path, thumb_path })
    for (const [day, open, close] of jsonRows<[string, string, string]>(d.hours)) push(rel.hours, d.id, { day, open, close })
    for (const kind of ['like', 'seat'] as const)
      for (const [user_id, disabled_at, deletion_requested_at] of jsonRows<[string, string | null, string | null]>(kind === 'like' ? d.likes : d.seats))
        addGiven(rel, d.id, kind, { user_id, disabled_at, deletion_requested_at }, viewer)
    if (Number(d.waitlist_place ?? 0) > 0) rel.waitlistPositions.set(d.id, Number(d.waitlist_place))
    const authorValues = jsonRows<unknown>(d.author)
    const author = Object.fromEntries(SUMMARY_COLUMNS.map((column, i) => [column, authorValues[i]])) as SummaryRow
    authors.set(author.id, author)
    if (d.following !== null && Boolean(Number(d.following))) rel.following.add(author.id)
    const [invitationId, status] = jsonRows<string>(d.invitation) as [string?, InvitationStatus?]
    if (invitationId && status) {
      rel.invitations.set(d.id, { invitationId, status })
      if (status !== 'DECLINED') rel.invited.add(d.id)
    }
  }
  const dayIndex = (d: string) => (WEEK_DAYS as readonly string[]).indexOf(d)
  for (const hours of rel.hours.values()) hours.sort((a, b) => dayIndex(a.day) - dayIndex(b.day) || a.open.localeCompare(b.open))
  rel.users = summariesOf([...authors.values()], publicUrl, viewer)
  for (const u of authors.values()) if (isInactiveAccount(u)) rel.inactiveAuthors.add(u.id)
  return rel
}

/** How many wait ahead of the person of line entry `w` (post_waitlist as w). */
const aheadInLine = sql<string | number>`(select count(*) from post_waitlist ahead where ahead.post_id = w.post_id and ahead.position < w.position)`

/** A user's place in the lines of these posts (1 = next): how many wait ahead of them, plus one. */
export async function waitlistPlaces(
  db: Db,
  postIds: string[],
  userId: string,
): Promise<{ postId: string; position: number }[]> {
  if (postIds.length === 0) return []
  const rows = await db
    .selectFrom('post_waitlist as w')
    .select(['w.post_id', aheadInLine.as('ahead')])
    .where('w.user_id', '=', userId)
    .where('w.post_id', 'in', postIds)
    .execute()
  return rows.map((r) => ({ postId: r.post_id, position: Number(r.ahead ?? 0) + 1 }))
}

/** Where an imported post came from: its calendar source (its address may be a private link: owner and moderators). */
export interface ImportedFrom {
  sourceId: string
  url: string
  name: string | null
  trusted: boolean
  paused: boolean
}

async function importedFrom(db: Db, rows: PostRow[]): Promise<Map<string, ImportedFrom>> {
  const sourceIds = [...new Set(rows.map((r) => r.source_id).filter((id): id is string => !!id))]
  if (sourceIds.length === 0) return new Map()
  const sources = await db.selectFrom('calendar_sources').select(['id', 'url', 'name', 'trusted', 'paused']).where('id', 'in', sourceIds).execute()
  const byId = new Map(sources.map((s) => [s.id, { sourceId: s.id, url: s.url, name: s.name, trusted: Number(s.trusted) === 1, paused: Number(s.paused) === 1 }]))
  return new Map(rows.flatMap((r) => (r.source_id && byId.has(r.source_id) ? [[r.id, byId.get(r.source_id)!] as const] : [])))
}
