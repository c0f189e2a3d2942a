// An account waiting for deletion (decision 020): its dates, and cancelling the deletion.
import { redirect } from '@remix-run/node'
import type { User } from '#contract'
import { ApiError, ok, type Api } from '~/utils/api.server'
import { readFormData } from '~/utils/form.server'
import { redirectWithToast } from '~/utils/toast.server'

/** When the deletion was asked for and when the account goes (GET /profile/my/deletion); none pending: home. */
export async function loadDeletion(api: Api, user: User) {
  if (!user.deletionRequestedAt) throw redirect('/')
  try {
    return await ok(api.typed.GET('/profile/my/deletion'))
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw redirect('/')
    throw error
  }
}

/** "Cancel deletion": DELETE /profile/my/deletion, then the user's own profile with a toast. */
export async function cancelDeletion(request: Request, api: Api) {
  await readFormData(request)
  try {
    await ok(api.typed.DELETE('/profile/my/deletion'))
  } catch (error) {
    // Nothing to cancel any more: the account is in use again.
    if (!(error instanceof ApiError && error.status === 404)) throw error
  }
  return redirectWithToast('/admin/profile/myProfile', { message: 'deletionCancelled' })
}
