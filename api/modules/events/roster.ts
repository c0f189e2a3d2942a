// The organizer's list of the people coming (issue 45): the participants in the order they took their seats, with
// their check-in, and the waiting list in line; emails only of those who agreed (Settings → Profile). As JSON for the
// printable page and the apps, and as CSV (UTF-8 with a BOM, so spreadsheets read Cyrillic names right; a header
// row in the caller's language). Its organizers only: a group's owners, admins and editors too.
import { formatSpreadsheetTime, type Language, type Roster, translateMessage } from '#contract'
import type { AppContext } from '../../context'
import type { Db } from '../../db'
import { loadUserSummaries, type Viewer } from './relations'
import type { PostRows } from './rows'

export function createRoster(ctx: AppContext, rows: PostRows) {
  const db: Db = ctx.db

  async function roster(id: string, viewer: Viewer): Promise<Roster> {
    const row = await rows.organizerRow(id, viewer)
    const [seated, waiting] = await Promise.all([
      db
        .selectFrom('post_participants as p')
        .innerJoin('users as u', 'u.id', 'p.user_id')
        .select(['p.user_id', 'p.created_at as since', 'p.checked_in_at', 'u.email', 'u.share_email_with_organizers'])
        .where('p.post_id', '=', id)
        .orderBy('p.created_at')
        .orderBy('p.user_id')
        .execute(),
      db
        .selectFrom('post_waitlist as w')
        .innerJoin('users as u', 'u.id', 'w.user_id')
        .select(['w.user_id', 'w.created_at as since', 'u.email', 'u.share_email_with_organizers'])
        .where('w.post_id', '=', id)
        .orderBy('w.position')
        .execute(),
    ])
    const users = await loadUserSummaries(db, [...seated, ...waiting].map((r) => r.user_id), ctx.config.publicUrl, viewer)
    const entry = (r: { user_id: string; since: string; email: string | null; share_email_with_organizers: number }, checkedInAt: string | null) => {
      const user = users.get(r.user_id)
      return user ? [{ user, email: r.share_email_with_organizers ? r.email : null, since: r.since, checkedInAt }] : []
    }
    return {
      postId: row.id,
      title: row.title,
      startDate: row.start_date,
      endDate: row.end_date,
      address: row.address,
      participants: seated.flatMap((r) => entry(r, r.checked_in_at)),
      waiting: waiting.flatMap((r) => entry(r, null)).map((e, index) => ({ ...e, position: index + 1 })),
    }
  }

  return { roster }
}

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, a quote or a line end. A cell a spreadsheet would take as a
 * formula (=, +, -, @, a tab or CR first) starts with an apostrophe, so a name can never run as one.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

/** The list as CSV: a header row, then the participants, then the waiting list; CRLF line ends, a BOM first. */
export function rosterCsv(list: Roster, language: Language, timeZone: string): string {
  const say = (code: Parameters<typeof translateMessage>[0]) => translateMessage(code, language)
  const header = [say('csvList'), say('csvNumber'), say('csvName'), say('csvLastname'), say('csvUsername'), say('csvEmail'), say('csvSince'), say('csvCheckedIn')]
  const line = (kind: string, n: number, e: Roster['participants'][number]) => [
    kind,
    String(n),
    e.user.name,
    e.user.lastname,
    e.user.username,
    e.email ?? '',
    formatSpreadsheetTime(e.since, timeZone),
    (e.checkedInAt ? formatSpreadsheetTime(e.checkedInAt, timeZone) : ''),
  ]
  const lines = [
    header,
    ...list.participants.map((e, i) => line(say('csvParticipant'), i + 1, e)),
    ...list.waiting.map((e) => line(say('csvWaiting'), e.position, e)),
  ]
  return `\uFEFF${lines.map((cells) => cells.map(csvCell).join(',')).join('\r\n')}\r\n`
}
