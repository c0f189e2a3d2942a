// POST /auth/google: the Google Identity Services callback in redirect mode. Google posts `credential`
// (an ID token) and `g_csrf_token`, which must equal the g_csrf_token cookie (double-submit). server.mjs
// lets this one path through its cross-site check; this action does the CSRF check itself.
import { loginByGoogleSchema } from '#contract'
import { parseCookie } from 'cookie'
import { getLanguage, serverT } from '~/i18n.server'
import { ApiError, getApi, ok } from '~/utils/api.server'
import { redirectWithToast } from '~/utils/toast.server'
import { redirectAfterSignIn } from './signed-in.server'
import { readFormData } from '~/utils/form.server'

/** A value that is not valid percent-encoding counts as absent (cookie's own decode would keep it raw). */
function decodeOrEmpty(value: string): string {
  try {
    return decodeURIComponent(value)
  } catch {
    return ''
  }
}

export async function signInWithGoogle(request: Request) {
  const language = await getLanguage(request)
  const failed = (message: string = serverT(language, 'auth')('google.failed')) =>
    redirectWithToast('/auth', { type: 'error', message })

  const formData = await readFormData(request)
  const bodyToken = formData.get('g_csrf_token')
  const cookieToken = parseCookie(request.headers.get('Cookie') ?? '', { decode: decodeOrEmpty }).g_csrf_token
  if (typeof bodyToken !== 'string' || !bodyToken || !cookieToken || bodyToken !== cookieToken)
    return failed()

  const parsed = loginByGoogleSchema.safeParse({ credential: formData.get('credential') })
  if (!parsed.success) return failed()

  const api = await getApi(request)
  let auth
  try {
    auth = await ok(api.typedAsVisitor.POST('/auth/loginByGoogle', { body: parsed.data }))
  } catch (error) {
    if (error instanceof ApiError) return failed(error.body.message)
    throw error
  }
  api.signIn({ accessToken: auth.accessToken, refreshToken: auth.refreshToken, userId: auth.user.id })
  return redirectAfterSignIn(auth.user, '/')
}
