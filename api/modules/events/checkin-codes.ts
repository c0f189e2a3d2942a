// Check-in codes (issue 45): six characters of contract CHECKIN's alphabet, drawn with the system's secure random,
// unique within an event (31^6 ≈ 887 million: a clash among an event's seats is rare, and redrawn).
import { CHECKIN } from '#contract'
import { randomInt } from 'node:crypto'
import type { Db } from '../../db'

export function drawCheckinCode(): string {
  const { codeAlphabet, codeLength } = CHECKIN
  return Array.from({ length: codeLength }, () => codeAlphabet[randomInt(codeAlphabet.length)]).join('')
}

/** A code no seat of the event holds; inside the seat transaction that locked the post, so no other seat races it. */
export async function freeCheckinCode(conn: Db, postId: string): Promise<string> {
  for (;;) {
    const code = drawCheckinCode()
    const held = await conn.selectFrom('post_participants').select('user_id').where('post_id', '=', postId).where('checkin_code', '=', code).executeTakeFirst()
    if (!held) return code
  }
}

/** Seats written in bulk (the demo data, the benchmark's): each with a code unique within its event. */
export function withCheckinCodes<Seat extends { post_id: string }>(seats: Seat[]): (Seat & { checkin_code: string })[] {
  const taken = new Map<string, Set<string>>()
  return seats.map((seat) => {
    const codes = taken.get(seat.post_id) ?? new Set<string>()
    taken.set(seat.post_id, codes)
    let code = drawCheckinCode()
    while (codes.has(code)) code = drawCheckinCode()
    codes.add(code)
    return { ...seat, checkin_code: code }
  })
}

/** What was typed (any case, spaces or dashes between) as a code, or null when it cannot be one. */
export function normalizeCheckinCode(typed: string): string | null {
  const code = typed.replace(/[\s-]+/g, '').toUpperCase()
  const { codeAlphabet, codeLength } = CHECKIN
  return code.length === codeLength && [...code].every((c) => codeAlphabet.includes(c)) ? code : null
}

/** What a seat's QR code holds: the organizer's check-in page with the code filled in, so a phone's camera app opens it. */
export function checkinUrl(webUrl: string, postId: string, code: string): string {
  return `${webUrl}/event/${encodeURIComponent(postId)}/checkin?${new URLSearchParams({ code })}`
}
