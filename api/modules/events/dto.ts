// Rows → the public post shape (contract eventSchema), with access rules applied per viewer; what it needs of
// each batch is loaded by relations.ts.
import {
  type AccessType,
  type AccessibilityFeature,
  type AttendanceMode,
  type Event,
  EVENT_LIMITS,
  type EventImage,
  type EventType,
  type ModerationStatus,
  type PostStatus,
} from '#contract'
import { postAccess, type PostAccess, type Viewer } from '../../access/policy'
import { type Db } from '../../db'
import type { PostRow } from '../../db/schema'
import { PLACEHOLDER_NAME } from '../../media/images'
import { hiddenUserSummary, loadRelations, mustAsk, type Relations } from './relations'

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
  rel: Pick<Relations, 'joined' | 'following' | 'invited' | 'inactiveAuthors' | 'groupRoles'>,
): PostAccess {
  return postAccess(row, viewer, {
    isParticipant: rel.joined.has(row.id),
    isInvited: rel.invited.has(row.id),
    followsAuthor: rel.following.has(row.posted_by),
    authorInactive: rel.inactiveAuthors.has(row.posted_by),
    groupRole: row.group_id ? (rel.groupRoles.get(row.group_id) ?? null) : null,
  })
}

export function imageDto(
  img: { id: string; name: string; path: string; thumb_path: string | null },
  publicUrl: string,
): EventImage {
  // A fediverse event's photo stays on its server (decision 040) and is shown through ours (GET /federation/media/{id}).
  if (/^https?:\/\//.test(img.path)) {
    const proxied = `/federation/media/${img.id}`
    return { _id: img.id, name: img.name, path: proxied, url: publicUrl + proxied, thumbnailPath: proxied, thumbnailUrl: publicUrl + proxied }
  }
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
    row.remote_object === null &&
    !access.isParticipant &&
    row.event_type === 'EVENT' &&
    !ended &&
    !cancelled
  const asks = mustAsk(row, rel)
  // The link to take part online: for those taking part (and the organizer and moderators), or everyone when the
  // organizer shows it on a public event.
  const linkShown =
    !restricted &&
    row.online_url !== null &&
    (access.isOwner || access.isParticipant || access.isModerator || (Number(row.online_url_public) === 1 && row.access_type === 'COMMON'))
  const joinRequest = rel.joinRequests.get(row.id) ?? null
  return {
    _id: row.id,
    title: row.title,
    description: restricted ? null : row.description,
    eventType: row.event_type as EventType,
    accessType: row.access_type as AccessType,
    joinApproval: Number(row.join_approval) === 1,
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
    attendanceMode: (row.attendance_mode ?? 'IN_PERSON') as AttendanceMode,
    onlineUrl: linkShown ? row.online_url : null,
    hasOnlineUrl: !restricted && row.online_url !== null,
    onlineUrlPublic: Number(row.online_url_public) === 1,
    accessibility: restricted || !row.accessibility ? [] : (row.accessibility.split(',') as AccessibilityFeature[]),
    accessibilityNote: restricted ? null : row.accessibility_note,
    maxParticipants: row.max_participants,
    participants: restricted ? [] : participants,
    // Seats taken: a hidden account's seat is held for it, so the count says how full the event is.
    participantsCount: seatsTaken,
    likes: restricted ? (viewer && likes.includes(viewer.id) ? [viewer.id] : []) : likes,
    likesCount: likes.length,
    views: rel.views.get(row.id) ?? 0,
    postedBy: rel.users.get(row.posted_by) ?? hiddenUserSummary(row.posted_by),
    createdBy: row.created_by,
    group: row.group_id ? (rel.groups.get(row.group_id) ?? null) : null,
    moderationStatus: row.moderation_status as ModerationStatus,
    moderationImageStatus: row.moderation_image_status as ModerationStatus,
    postStatus: row.post_status as PostStatus,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    isLiked: !!viewer && likes.includes(viewer.id),
    isParticipant: access.isParticipant,
    isOwner: access.isOwner,
    mayModerate: access.mayModerate,
    canJoin: mayTakePart && !asks && seatsLeft,
    canWait: mayTakePart && !asks && !seatsLeft && waitlistPosition === null,
    canAsk: mayTakePart && asks && joinRequest === null && waitlistPosition === null,
    joinRequest,
    joinRequestsPending: access.isOwner ? (rel.pendingRequests.get(row.id) ?? 0) : 0,
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
    ...(rel.sources.has(row.id) && (access.isOwner || access.isModerator) ? { importedFrom: rel.sources.get(row.id) } : {}),
    ...(row.remote_object
      ? {
          remote: {
            url: row.remote_url ?? row.remote_object,
            domain: row.remote_domain ?? new URL(row.remote_object).hostname,
            html: restricted ? null : row.remote_html,
          },
        }
      : {}),
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
