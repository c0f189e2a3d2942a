// Where a person lands after signing in (password or Google), with the toast that fits: an unactivated
// account confirms its email first; an account waiting for deletion is told so on the page that can cancel it
// (the root would send it there anyway), not welcomed as if nothing happened.
import type { User } from '#contract'
import { safeRedirect } from '~/utils/redirect'
import { redirectWithToast } from '~/utils/toast.server'

export function redirectAfterSignIn(user: Pick<User, 'isActivated' | 'deletionRequestedAt'>, redirectTo: string | null | undefined, init?: ResponseInit) {
  if (!user.isActivated) return redirectWithToast('/auth/confirmEmail', { message: 'confirmEmail' }, init)
  if (user.deletionRequestedAt) return redirectWithToast('/account/deletion', { message: 'deletionPending' }, init)
  return redirectWithToast(safeRedirect(redirectTo), { message: 'signedIn' }, init)
}
