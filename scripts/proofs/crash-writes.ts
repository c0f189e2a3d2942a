// The writes of `npm run proof:crash` (scripts/proofs/crash.ts): what the 12 clients send through the API —
// joins, likes, profile edits, avatar uploads and events with photos — and what they were told, across every
// cycle, for crash-checks.ts to hold the database to. A request cut off by the kill answers null.
import { baseEvent, eventForm, type TestUser } from '../../tests/api/events-fixtures'
import type { ApiProcess } from './lib'

export type Op = 'join' | 'like' | 'profile' | 'avatar' | 'event'
const OPS: [Op, number][] = [
  ['join', 30],
  ['like', 30],
  ['profile', 15],
  ['event', 15],
  ['avatar', 10],
]

interface Answer {
  status: number
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any
}

/** One request; null when the connection broke before the whole answer arrived (the process was killed). */
export async function call(
  api: ApiProcess,
  method: string,
  pathname: string,
  token: string,
  body?: { json?: unknown; form?: FormData },
): Promise<Answer | null> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` }
  let payload: BodyInit | undefined
  if (body?.form) payload = body.form
  else if (body?.json !== undefined) {
    payload = JSON.stringify(body.json)
    headers['content-type'] = 'application/json'
  }
  try {
    const res = await fetch(api.url + pathname, { method, headers, body: payload })
    const text = await res.text()
    return { status: res.status, body: text ? JSON.parse(text) : undefined }
  } catch {
    return null
  }
}

// ---------------------------------------------------------------------------------------------------------
// What the clients were told, across every cycle.

export const state = {
  events: [] as string[],
  joins: new Set<string>(), // `${post}|${user}` answered 200
  likes: new Set<string>(),
  createdEvents: new Map<string, { title: string; photos: number }>(),
  profile: new Map<string, { acked: number; busy: boolean; seq: number }>(),
  avatar: new Map<string, { acked: string[]; sentAfterAck: boolean; busy: boolean }>(),
}

export interface CycleCounts {
  acked: Record<Op, number>
  unanswered: number
  refused: number
  firstRefusal?: string
}

const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)] as T

function pickOp(): Op {
  const total = OPS.reduce((s, [, w]) => s + w, 0)
  let r = Math.random() * total
  for (const [op, w] of OPS) {
    r -= w
    if (r < 0) return op
  }
  return 'join'
}

/** The photos the uploads and events send, made once by crash.ts before the first cycle. */
export const photos: Buffer[] = []

/** One write; false when the process is gone. */
export async function write(
  api: ApiProcess,
  users: TestUser[],
  counts: CycleCounts,
  cycle: number,
): Promise<boolean> {
  const op = pickOp()
  const user = pick(users)
  let answer: Answer | null
  const refused = (a: Answer) => {
    counts.refused += 1
    counts.firstRefusal ??= `${op}: ${a.status} ${JSON.stringify(a.body).slice(0, 200)}`
  }
  switch (op) {
    case 'join':
    case 'like': {
      const post = pick(state.events)
      const key = `${post}|${user.id}`
      const done = op === 'join' ? state.joins : state.likes
      if (done.has(key)) return true
      answer =
        op === 'join'
          ? await call(api, 'PUT', `/event/${post}/participate`, user.token, { json: { participate: true } })
          : await call(api, 'PUT', `/event/${post}/like`, user.token, { json: { like: true } })
      if (answer?.status === 200) {
        done.add(key)
        counts.acked[op] += 1
      } else if (answer && !(op === 'join' && answer.body?.code === 'organizerCannotJoin')) refused(answer)
      break
    }
    case 'profile': {
      const p = state.profile.get(user.id) ?? { acked: 0, busy: false, seq: 0 }
      state.profile.set(user.id, p)
      if (p.busy) return true
      p.busy = true
      const seq = ++p.seq
      answer = await call(api, 'PATCH', '/profile/my', user.token, {
        json: { profession: `p${seq}`, userBio: `cycle ${cycle} edit ${seq}` },
      })
      p.busy = false
      if (answer?.status === 200) {
        p.acked = Math.max(p.acked, seq)
        counts.acked.profile += 1
      } else if (answer) refused(answer)
      break
    }
    case 'avatar': {
      const a = state.avatar.get(user.id) ?? { acked: [], sentAfterAck: false, busy: false }
      state.avatar.set(user.id, a)
      if (a.busy) return true
      a.busy = true
      a.sentAfterAck = true
      const form = new FormData()
      form.append('file', new Blob([new Uint8Array(pick(photos))], { type: 'image/jpeg' }), 'me.jpg')
      answer = await call(api, 'POST', '/profile/upload', user.token, { form })
      a.busy = false
      if (answer?.status === 200 && answer.body?.avatarFile?.name) {
        a.acked.push(answer.body.avatarFile.name as string)
        a.sentAfterAck = false
        counts.acked.avatar += 1
      } else if (answer) refused(answer)
      break
    }
    case 'event': {
      const n = 1 + Math.floor(Math.random() * 3)
      const title = `Crash ${cycle} ${Math.random().toString(36).slice(2, 8)}`
      const form = eventForm(
        baseEvent({ title }),
        Array.from({ length: n }, () => pick(photos)),
      )
      answer = await call(api, 'POST', '/event', user.token, { form })
      if (answer?.status === 201) {
        state.createdEvents.set(answer.body._id as string, { title, photos: n })
        state.events.push(answer.body._id as string)
        counts.acked.event += 1
      } else if (answer) refused(answer)
      break
    }
  }
  if (answer === null) counts.unanswered += 1
  return answer !== null
}
