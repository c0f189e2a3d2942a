// Sign out (POST /auth/logout): ends the session on the API (POST /auth/logout {refreshToken}), clears the
// cookie and goes to / with the toast signedOut.
import { getApi, ok } from '~/utils/api.server'
import { redirectWithToast } from '~/utils/toast.server'

export async function signOut(request: Request) {
  const api = await getApi(request)
  const refreshToken = api.session.get('refreshToken')
  if (refreshToken) {
    try {
      await ok(api.typed.POST('/auth/logout', { body: { refreshToken } }))
    } catch (error) {
      // The local session ends anyway; an API that is down or a session it already ended is no reason to stay.
      console.warn('logout: the API did not end the session', error instanceof Error ? error.message : error)
    }
  }
  api.signOutLocally()
  return redirectWithToast('/', { message: 'signedOut' })
}
