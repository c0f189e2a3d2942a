// The role table of SPEC §6 (contract/permissions.ts), read by the API and the web alike.
import { describe, expect, it } from 'vitest'
import { can, PERMISSIONS, ROLES, type Permission } from '#contract'

const expected: Record<Permission, Record<(typeof ROLES)[number], boolean>> = {
  moderate: { superAdmin: true, admin: true, user: false, bot: false },
  reviewReports: { superAdmin: true, admin: true, user: false, bot: false },
  editAnyContent: { superAdmin: true, admin: false, user: false, bot: false },
  manageRoles: { superAdmin: true, admin: false, user: false, bot: false },
  createPlace: { superAdmin: true, admin: true, user: false, bot: false },
  eventAdminFields: { superAdmin: true, admin: true, user: false, bot: false },
}

describe('can(role, action)', () => {
  it('covers every permission of the table', () => {
    expect(Object.keys(expected).sort()).toEqual(Object.keys(PERMISSIONS).sort())
  })

  for (const action of Object.keys(expected) as Permission[]) {
    for (const role of ROLES) {
      it(`${role} ${expected[action][role] ? 'may' : 'may not'} ${action}`, () => {
        expect(can(role, action)).toBe(expected[action][role])
      })
    }
  }

  it('nobody signed out, and no unknown role, may do any of it', () => {
    for (const action of Object.keys(PERMISSIONS) as Permission[]) {
      expect(can(null, action)).toBe(false)
      expect(can(undefined, action)).toBe(false)
      expect(can('root', action)).toBe(false)
    }
  })
})
