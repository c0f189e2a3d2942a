// The server half of Accept / Decline (features/profile/invitation-answer.tsx), shared by the event page
// and myProfile/invitations: POST /invitations/{id}/respond, then a redirect with a toast.
import { redirect } from '@remix-run/node'
import { z } from 'zod'
import { INVITATION_RESPONSES } from '#contract'
import { ApiError, ok, type Api } from '~/utils/api.server'
import { redirectWithToast } from '~/utils/toast.server'

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
