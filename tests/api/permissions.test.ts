// One permission table on both sides (decision 032): every role rule the API enforces is a named entry of
// contract/permissions.ts. The expected answers are derived from that table, not copied: each permission has
// a real call that needs it, made as every role; a role the table allows passes the role check, the others get
// 403. Then each entry is granted to a plain user for a moment, and the same call goes through — so the API
// reads the table by name, and a change to it changes what the API allows. Every route of the running app
// must declare its permission (or none); an undeclared one stops the app from starting.
import { can, PERMISSIONS, type Permission, ROLES, type Role } from '#contract'
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { declareRoutePermissions, registeredRouteKeys, routeKeys, routePermission } from '../../api/access/route-permissions'
import { startTestApi, type TestApi, type TestResponse } from './helpers'
import { baseEvent, eventForm, jpeg, makeUser, placeFields, send, type TestUser } from './events-fixtures'

let api: TestApi
let photo: Buffer
const callers = new Map<Role, TestUser>()

beforeAll(async () => {
  api = await startTestApi()
  photo = await jpeg()
  for (const role of ROLES) callers.set(role, await makeUser(api, { role }))
})
afterAll(async () => {
  await api?.close()
})

/** A real call that needs `permission`. */
const CALLS: Record<Permission, (token: string) => Promise<TestResponse>> = {
  moderate: (token) => send(api, 'GET', '/admin/users', { token }),
  reviewReports: (token) => send(api, 'GET', '/admin/reports', { token }),
  editAnyContent: async (token) => {
    const person = await makeUser(api)
    return send(api, 'POST', `/admin/users/${person.id}/upload-avatar`, { token, form: photoForm('file') })
  },
  manageRoles: async (token) => {
    const person = await makeUser(api)
    return send(api, 'PATCH', `/admin/users/${person.id}`, { token, json: { role: 'bot' } })
  },
  createPlace: (token) => send(api, 'POST', '/event', { token, form: eventForm(placeFields({ title: `A place ${Date.now()}` }), [photo]) }),
  eventAdminFields: (token) => send(api, 'POST', '/event', { token, form: eventForm(baseEvent({ startDate: '', endDate: '' }), [photo]) }),
}

/** What else a call needs besides its own permission (the route's). */
const ALSO_NEEDS: Partial<Record<Permission, Permission[]>> = { manageRoles: ['moderate'], editAnyContent: ['moderate'] }

/** Refused for the role: 403, or, for the form's rules, the field's error. */
function refused(permission: Permission, res: TestResponse): boolean {
  if (permission === 'createPlace') return res.status === 400 && !!res.body.errors?.eventType
  if (permission === 'eventAdminFields') return res.status === 400 && !!res.body.errors?.startDate
  return res.status === 403
}

function photoForm(field: string): FormData {
  const form = new FormData()
  form.append(field, new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg')
  return form
}

describe('the API allows what contract/permissions.ts says, role by role', () => {
  for (const permission of Object.keys(PERMISSIONS) as Permission[]) {
    for (const role of ROLES) {
      const allowed = [permission, ...(ALSO_NEEDS[permission] ?? [])].every((p) => can(role, p))
      it(`${permission} as ${role}: ${allowed ? 'allowed' : 'refused'}`, async () => {
        const res = await CALLS[permission](callers.get(role)?.token ?? '')
        expect(refused(permission, res), `${res.status} ${res.text}`).toBe(!allowed)
        if (allowed) expect(res.status, res.text).toBeLessThan(300)
      })
    }
  }
})

describe('a change to the table changes what the API allows', () => {
  for (const permission of Object.keys(PERMISSIONS) as Permission[]) {
    it(`granting ${permission} to users lets a user through; taking it back refuses them again`, async () => {
      const user = callers.get('user')
      if (!user) throw new Error('no user')
      const grant = (p: Permission) => (PERMISSIONS[p] as unknown as Role[]).push('user')
      const revoke = (p: Permission) => (PERMISSIONS[p] as unknown as Role[]).pop()
      // With only what else the call needs, the user is still refused: the call checks this very name.
      for (const p of ALSO_NEEDS[permission] ?? []) grant(p)
      try {
        expect(refused(permission, await CALLS[permission](user.token))).toBe(true)
        grant(permission)
        try {
          const res = await CALLS[permission](user.token)
          expect(refused(permission, res), `${res.status} ${res.text}`).toBe(false)
          expect(res.status, res.text).toBeLessThan(300)
        } finally {
          revoke(permission)
        }
        expect(refused(permission, await CALLS[permission](user.token))).toBe(true)
      } finally {
        for (const p of ALSO_NEEDS[permission] ?? []) revoke(p)
      }
    })
  }
})

describe('every route declares its permission', () => {
  it('the table lists exactly the routes of the running app, and names only permissions of the contract', () => {
    const routes = new Set(routeKeys())
    const registered = new Set(registeredRouteKeys(api.app))
    expect(registered.size).toBeGreaterThan(50)
    expect([...registered].filter((k) => !routes.has(k)), 'routes missing from the table').toEqual([])
    expect([...routes].filter((k) => !registered.has(k)), 'stale entries of the table').toEqual([])
    for (const key of routeKeys()) {
      const permission = routePermission(key)
      if (permission !== null) expect(Object.keys(PERMISSIONS)).toContain(permission)
    }
  })

  it('an app with a route the table does not list refuses to start', async () => {
    const app = Fastify()
    app.decorate('requirePermission', () => async () => undefined)
    const permissions = declareRoutePermissions(app as never)
    await app.register(async (child) => {
      child.get('/admin/undeclared', async () => ({}))
    })
    expect(() => permissions.assertAllDeclared()).toThrow(/GET \/admin\/undeclared/)
    await app.close()
  })
})

