// Who is signed in, and the guards that loaders and actions call on their first line.
// Guards throw: a redirect, or a 401/403 response that the nearest error boundary turns into a screen
// (sign-in prompt, confirm-email prompt, or 403) — see app/components/guard-screen.tsx.
import { data, redirect } from '@remix-run/node'
import { can, type Permission, type User } from '#contract'
import { ApiError, getApi, ok, type Api } from './api.server'

export type GuardReason = 'signIn' | 'confirmEmail' | 'forbidden'
export type GuardData = { guard: GuardReason; redirectTo?: string }

export async function getOptionalUser(api: Api): Promise<User | null> {
  if (!api.isSignedIn()) return null
  try {
    return await ok(api.typed.GET('/auth/my'))
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null
    throw error
  }
}

function currentPath(request: Request) {
  const url = new URL(request.url)
  return `${url.pathname}${url.search}`
}

function throwGuard(request: Request, guard: GuardReason, status: number): never {
  throw data<GuardData>({ guard, redirectTo: currentPath(request) }, { status })
}

/** A signed-in user (activated or not); otherwise the sign-in screen (401). */
export async function requireUser(request: Request): Promise<{ user: User; api: Api }> {
  const api = await getApi(request)
  const user = await getOptionalUser(api)
  if (!user) return throwGuard(request, 'signIn', 401)
  return { user, api }
}

/** SPEC §2 guard of /admin and /moderation: signed in AND activated. */
export async function requireActivatedUser(request: Request): Promise<{ user: User; api: Api }> {
  const { user, api } = await requireUser(request)
  if (!user.isActivated) return throwGuard(request, 'confirmEmail', 403)
  return { user, api }
}

/** An activated user whose role may do `action` (contract PERMISSIONS); others get the 403 page. */
export async function requirePermission(request: Request, action: Permission): Promise<{ user: User; api: Api }> {
  const { user, api } = await requireActivatedUser(request)
  if (!can(user.role, action)) return throwGuard(request, 'forbidden', 403)
  return { user, api }
}

/** admin or superAdmin (SPEC §6): the moderation console; others get the 403 page. */
export function requireAdminUser(request: Request): Promise<{ user: User; api: Api }> {
  return requirePermission(request, 'moderate')
}

/** The reverse guard of /auth/*: activated users are sent home. Unactivated ones may confirm their email. */
export async function requireAnonymous(request: Request): Promise<{ api: Api; user: User | null }> {
  const api = await getApi(request)
  const user = await getOptionalUser(api)
  if (user?.isActivated) throw redirect('/')
  return { api, user }
}
