// The server half of Accept / Decline (features/profile/invitation-answer.tsx), shared by the event page
// and myProfile/invitations: POST /invitations/{id}/respond, then a redirect with a toast; and the list of
// myProfile/invitations (GET /invitations/my).
import { data, redirect } from '@remix-run/node'
import { z } from 'zod'
import { INVITATION_RESPONSES } from '#contract'
import { ApiError, ok, type Api } from '~/utils/api.server'
import { readFormData } from '~/utils/form.server'
import { loadPages, requestedPages } from '~/utils/pages.server'
import { redirectWithToast } from '~/utils/toast.server'
import { MAX_INVITATION_PAGES } from './constants'
import { RESPOND_INTENT } from './invitation-answer'

const INVITATIONS_PATH = '/admin/profile/myProfile/invitations'

export const respondFormSchema = z.object({
  invitationId: z.string().trim().min(1).max(100),
  status: z.enum(INVITATION_RESPONSES),
})

/** Answers the invitation and redirects to `back` with the outcome (the API's refusal text on failure). */
export async function respondAndRedirect(api: Api, form: z.infer<typeof respondFormSchema>, back: string) {
  try {
    await ok(
      api.typed.POST('/invitations/{id}/respond', { params: { path: { id: form.invitationId } }, body: { status: form.status } }),
    )
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    // The session ended meanwhile: sign in, then back here.
    if (error.status === 401) return redirect(`/auth?redirectTo=${encodeURIComponent(back)}`)
    return redirectWithToast(back, { type: 'error', message: error.body.message })
  }
  const message = form.status === 'ACCEPTED' ? 'profile:invitations.accepted' : 'profile:invitations.declined'
  return redirectWithToast(back, { message })
}

/** The invitations the user received, pages 1..N at once (?page=). */
export async function loadInvitations(request: Request, api: Api) {
  const result = await loadPages(requestedPages(request, 'page', MAX_INVITATION_PAGES), async (page) => {
    const list = await ok(api.typed.GET('/invitations/my', { params: { query: { page } } }))
    return { items: list.invitations, hasMore: list.hasMore }
  })
  return data(result)
}

/** Accept / Decline from the list: back to the list with a toast. */
export async function answerInvitation(request: Request, api: Api) {
  const formData = await readFormData(request)
  const parsed = respondFormSchema.safeParse(Object.fromEntries(formData))
  if (formData.get('intent') !== RESPOND_INTENT || !parsed.success) return redirect(INVITATIONS_PATH)
  return respondAndRedirect(api, parsed.data, INVITATIONS_PATH)
}
