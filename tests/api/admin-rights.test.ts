// The moderation console's rights (SPEC §7 Admin; ARCHITECTURE "Moderation decisions"): every /admin/*
// operation × caller, with the exact status and refusal code; each row gets targets of its own, so rows never
// depend on each other. SQLite and, with TEST_DATABASE=postgres, PostgreSQL.
import type { MessageCode } from '#contract'
import { describe, expect, it } from 'vitest'
import type { TestApi, TestResponse } from './helpers'
import { baseEvent, createEvent, makeUser, send, type TestUser } from './events-fixtures'
import { type ConsoleApi, expectRefusal, useConsoleApi } from './admin-fixtures'

let api: TestApi, admin: TestUser, superAdmin: TestUser
let photoForm: ConsoleApi['photoForm'], setAvatarColumns: ConsoleApi['setAvatarColumns']
useConsoleApi((consoleApi) => ({ api, admin, superAdmin, photoForm, setAvatarColumns } = consoleApi))

type Caller = 'anonymous' | 'unactivated admin' | 'user' | 'bot' | "the target's owner" | 'admin' | 'superAdmin'
type Operation =
  | 'GET users'
  | 'GET user'
  | 'GET events'
  | 'GET places'
  | 'GET log'
  | 'PATCH user status'
  | 'PATCH user role'
  | 'POST user avatar'
  | 'DELETE user avatar'
  | 'PATCH post status'
  | 'PATCH post form'
  | 'POST post photo'
  | 'DELETE post photo'

const OPERATIONS: Operation[] = [
  'GET users',
  'GET user',
  'GET events',
  'GET places',
  'GET log',
  'PATCH user status',
  'PATCH user role',
  'POST user avatar',
  'DELETE user avatar',
  'PATCH post status',
  'PATCH post form',
  'POST post photo',
  'DELETE post photo',
]
const STATUS_OPERATIONS = new Set<Operation>(['GET users', 'GET user', 'GET events', 'GET places', 'GET log', 'PATCH user status', 'PATCH post status'])

function expected(caller: Caller, op: Operation): readonly [number, MessageCode | null] {
  if (caller === 'anonymous') return [401, 'unauthorized']
  if (caller === 'unactivated admin') return [403, 'notActivated']
  if (caller === 'user' || caller === 'bot' || caller === "the target's owner") return [403, 'forbidden']
  if (caller === 'admin' && !STATUS_OPERATIONS.has(op)) return [403, 'superAdminOnly']
  return [200, null]
}

const CALLERS: Caller[] = ['anonymous', 'unactivated admin', 'user', 'bot', "the target's owner", 'admin', 'superAdmin']

describe('every /admin/* operation × caller', () => {
  for (const op of OPERATIONS) {
    for (const caller of CALLERS) {
      const [status, code] = expected(caller, op)
      it(`${op} as ${caller} → ${status}${code ? ` ${code}` : ''}`, async () => {
        const owner = await makeUser(api)
        const post = await createEvent(api, owner.token, {}, 2)
        const token =
          caller === 'anonymous'
            ? undefined
            : caller === 'unactivated admin'
              ? (await makeUser(api, { role: 'admin', activated: false })).token
              : caller === 'user'
                ? (await makeUser(api)).token
                : caller === 'bot'
                  ? (await makeUser(api, { role: 'bot' })).token
                  : caller === "the target's owner"
                    ? owner.token
                    : caller === 'admin'
                      ? admin.token
                      : superAdmin.token
        if (op === 'DELETE user avatar') await setAvatarColumns(owner.id)
        const images = (post.images as { name: string }[]).map((i) => i.name)
        const call: Record<Operation, () => Promise<TestResponse>> = {
          'GET users': () => send(api, 'GET', '/admin/users', { token }),
          'GET user': () => send(api, 'GET', `/admin/users/${owner.id}`, { token }),
          'GET events': () => send(api, 'GET', '/admin/events', { token }),
          'GET places': () => send(api, 'GET', '/admin/places', { token }),
          'GET log': () => send(api, 'GET', '/admin/log', { token }),
          'PATCH user status': () => send(api, 'PATCH', `/admin/users/${owner.id}`, { token, json: { moderationStatus: 'APPROVED' } }),
          'PATCH user role': () => send(api, 'PATCH', `/admin/users/${owner.id}`, { token, json: { role: 'admin' } }),
          'POST user avatar': () => send(api, 'POST', `/admin/users/${owner.id}/upload-avatar`, { token, form: photoForm('file') }),
          'DELETE user avatar': () => send(api, 'DELETE', `/admin/users/${owner.id}/avatar`, { token, json: { name: 'me.webp' } }),
          'PATCH post status': () => send(api, 'PATCH', `/admin/posts/${post._id}`, { token, json: { moderationStatus: 'REJECTED', reason: 'x' } }),
          'PATCH post form': () =>
            send(api, 'PATCH', `/admin/posts/${post._id}`, { token, json: { ...baseEvent({ title: 'Edited by a moderator' }), eventType: undefined, accessType: undefined } }),
          'POST post photo': () => send(api, 'POST', `/admin/posts/${post._id}/${owner.id}`, { token, form: photoForm() }),
          'DELETE post photo': () => send(api, 'DELETE', `/admin/posts/${post._id}/${owner.id}`, { token, json: { name: images[0] } }),
        }
        const res = await call[op]()
        if (code) expectRefusal(res, status, code)
        else expect(res.status, res.text).toBe(status)
      })
    }
  }
})
