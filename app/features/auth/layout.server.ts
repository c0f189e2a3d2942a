// The /auth/* layout's data: the signed-in user who still has to confirm the email, if any (the route's
// reverse guard, requireAnonymous, has sent activated users home).
import type { User } from '#contract'

export function authLayoutData(user: User | null) {
  return { pendingUser: user ? { email: user.email, username: user.username } : null }
}
