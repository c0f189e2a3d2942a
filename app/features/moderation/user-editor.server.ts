// Loader and action of the console's user editor (super admin): the names, role, activation and statuses
// (PATCH /admin/users/{id}), and the avatar (POST /admin/users/{id}/upload-avatar, DELETE …/avatar) with
// SPEC §8's toasts 'Avatar uploaded' / 'Upload failed' / 'Avatar removed' / 'Failed to remove avatar'.
import { parseWithZod } from '@conform-to/zod/v4'
import { data } from '@remix-run/node'
import { adminUserFormSchema, type User } from '#contract'
import { apiFailure, invalid } from '~/utils/submission.server'
import { ApiError, ok, type Api } from '~/utils/api.server'
import { avatarIntent } from '~/features/photos/avatar-intent.server'
import { requirePermission } from '~/utils/auth.server'
import { readFormData } from '~/utils/form.server'
import { redirectWithToast } from '~/utils/toast.server'

async function loadUser(api: Api, id: string): Promise<User> {
  try {
    return await ok(api.typed.GET('/admin/users/{id}', { params: { path: { id } } }))
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) throw data({}, { status: 404 })
    throw error
  }
}

export async function userEditorLoader(request: Request, id: string) {
  const { api, user: me } = await requirePermission(request, 'manageRoles')
  const user = await loadUser(api, id)
  // Nobody edits their own role or statuses here (the API refuses it too): settings are for oneself.
  if (user._id === me._id) throw data({}, { status: 403 })
  return { user }
}

export async function userEditorAction(request: Request, id: string) {
  const { api } = await requirePermission(request, 'manageRoles')
  const url = new URL(request.url)
  const editorPath = `${url.pathname}${url.search}`
  const tablePath = `/moderation/users${url.search}`
  const form = await readFormData(request)
  const avatar = await avatarIntent(api, form, {
    back: editorPath,
    uploadPath: `/admin/users/${encodeURIComponent(id)}/upload-avatar`,
    remove: () => ok(api.typed.DELETE('/admin/users/{id}/avatar', { params: { path: { id } }, body: {} })),
    toast: (upload, refusal) =>
      refusal
        ? { type: 'error', message: upload ? 'moderation:toast.avatarUploadFailed' : 'moderation:toast.avatarRemoveFailed' }
        : { message: upload ? 'moderation:toast.avatarUploaded' : 'moderation:toast.avatarRemoved' },
  })
  if (avatar) return avatar

  const submission = parseWithZod(form, { schema: adminUserFormSchema })
  if (submission.status !== 'success') return invalid(submission)
  try {
    await ok(api.typed.PATCH('/admin/users/{id}', { params: { path: { id } }, body: submission.value }))
  } catch (error) {
    return apiFailure(submission, error)
  }
  return redirectWithToast(tablePath, { message: 'changesApplied' })
}
