// Where people take part and how they get in (issue 43, decision 053), as the write path stores them: the columns of
// a validated form, and what an edit from a client that does not know these fields keeps.
import type { EventFields } from '#contract'
import type { PostRow } from '../../db/schema'
import type { Fields } from './rows'

/** Places are in person; a link only for events online; shown to everyone only on a public event. */
export function onlineAccessColumns(v: EventFields) {
  const mode = v.eventType === 'PLACE' ? 'IN_PERSON' : v.attendanceMode
  const online = mode !== 'IN_PERSON'
  return {
    attendance_mode: mode,
    online_url: online ? (v.onlineUrl ?? null) : null,
    online_url_public: online && v.accessType === 'COMMON' && v.onlineUrlPublic ? 1 : 0,
    accessibility: v.accessibility.join(','),
    accessibility_note: v.accessibilityNote ?? null,
  }
}

/** An edit's fields with what the post has where a client (an older app) sent none of a group's fields. */
export function keepUnsentOnlineAccess(fields: Fields, existing: PostRow): Fields {
  let out = fields
  if (out.attendanceMode === undefined)
    out = { ...out, attendanceMode: existing.attendance_mode, onlineUrl: existing.online_url ?? undefined, onlineUrlPublic: Number(existing.online_url_public) === 1 }
  if (out.accessibility === undefined && out.accessibilityNote === undefined)
    out = { ...out, accessibility: existing.accessibility, accessibilityNote: existing.accessibility_note ?? undefined }
  return out
}
