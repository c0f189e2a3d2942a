// The actions of the notifications screen and the bell (all plain form posts to /notifications; with
// JavaScript the bell and the list use fetchers).
import { data } from '@remix-run/node'
import { ApiError, ok, type Api } from '~/utils/api.server'
import { readFormData } from '~/utils/form.server'
import { safeRedirect } from '~/utils/redirect'
import { redirectWithToast } from '~/utils/toast.server'

/**
 * markAllOpened, markOpened {id}, delete {id}. A post that carries `redirectTo` (a form without JavaScript) is
 * answered with a redirect and a toast; a fetcher's post gets the plain result.
 */
export async function notificationAction(request: Request, api: Api) {
  const form = await readFormData(request)
  const intent = String(form.get('intent') ?? '')
  const id = String(form.get('id') ?? '')
  const redirectTo = form.get('redirectTo')
  let toast: 'allRead' | 'deleted' | null = null
  try {
    if (intent === 'markAllOpened') {
      await ok(api.typed.PUT('/notifications/markAsOpened'))
      toast = 'allRead'
    } else if (intent === 'markOpened' && id) {
      await ok(api.typed.PUT('/notifications/{id}/markAsOpened', { params: { path: { id } } }))
    } else if (intent === 'delete' && id) {
      await ok(api.typed.DELETE('/notifications/{id}', { params: { path: { id } } }))
      toast = 'deleted'
    } else {
      return data({ ok: false }, { status: 400 })
    }
  } catch (error) {
    // Already deleted, or not the caller's: nothing to show but the list as it is now.
    if (!(error instanceof ApiError) || error.status >= 500) throw error
    return data({ ok: false }, { status: error.status })
  }
  if (typeof redirectTo === 'string' && redirectTo)
    return redirectWithToast(
      safeRedirect(redirectTo, '/notifications'),
      { message: toast ? `notifications:${toast}` : 'notifications:allRead', type: 'info' },
    )
  return { ok: true }
}
