// The invite drawer's server side: only the organizer of an event that can still take invitations gets it;
// followers with their invitation status (GET /profile/my/followers, GET /invitations/{id}/statuses), Invite
// (POST /invitations) and Revoke (DELETE /invitations/{id}/user).
import { data, redirect } from '@remix-run/node'
import { z } from 'zod'
import type { Event } from '#contract'
import { throwApiStatus } from '~/features/profile/profile.server'
import { ApiError, ok, type Api } from '~/utils/api.server'
import { readFormData } from '~/utils/form.server'
import { requestedPages } from '~/utils/pages.server'
import { redirectWithToast } from '~/utils/toast.server'
import { eventPath, invitePath } from './shared'

/** Only the organizer of an event that can still take invitations gets the drawer. */
async function loadInvitableEvent(api: Api, id: string): Promise<Event> {
  let event: Event
  try {
    event = await ok(api.typed.GET('/event/{id}', { params: { path: { id } } }))
  } catch (error) {
    return throwApiStatus(error)
  }
  // A deleted post is gone for its organizer too: the not-found page, as for any other missing event.
  if (event.postStatus === 'DELETED') throw data(null, { status: 404 })
  if (!event.isOwner) throw data(null, { status: 403 })
  // Places take no invitations and ended events no new guests: back to the page itself.
  if (event.eventType !== 'EVENT' || event.isEnded) throw redirect(eventPath(id))
  return event
}

/** The organizer's followers (?page=) with each one's invitation status. */
export async function loadInvitePage(request: Request, api: Api, id: string) {
  const event = await loadInvitableEvent(api, id)
  const page = requestedPages(request, 'page', Number.MAX_SAFE_INTEGER)
  const [followers, statuses] = await Promise.all([
    ok(api.typed.GET('/profile/my/followers', { params: { query: { page } } })),
    ok(api.typed.GET('/invitations/{id}/statuses', { params: { path: { id: event._id } } })),
  ]).catch((error: unknown) => throwApiStatus(error))
  const statusOf = Object.fromEntries(statuses.statuses.map((row) => [row.recipientId, row.status]))
  return data(
    {
      event: { _id: event._id, title: event.title, participants: event.participants },
      followers,
      statusOf,
    },
  )
}

const inviteFormSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('invite'), recipientIds: z.array(z.string().trim().min(1).max(100)).max(50) }),
  z.object({ intent: z.literal('revoke'), userId: z.string().trim().min(1).max(100) }),
])

/** Invite the selected followers, or revoke one invitation; back to the drawer with a toast. */
export async function inviteAction(request: Request, api: Api, id: string) {
  const formData = await readFormData(request)
  const back = invitePath(id, requestedPages(request, 'page', Number.MAX_SAFE_INTEGER))
  const parsed = inviteFormSchema.safeParse({
    intent: formData.get('intent'),
    recipientIds: formData.getAll('recipientIds'),
    userId: formData.get('userId'),
  })
  if (!parsed.success) return redirect(back)
  const form = parsed.data
  try {
    if (form.intent === 'invite') {
      if (form.recipientIds.length === 0)
        return redirectWithToast(back, { type: 'error', message: 'profile:invite.noneSelected' })
      const result = await ok(api.typed.POST('/invitations', { body: { postId: id, recipientIds: form.recipientIds } }))
      const count = result.recipients.filter((recipient) => recipient.result === 'invited').length
      return redirectWithToast(back, { message: 'profile:invite.invited', values: { count } })
    }
    await ok(api.typed.DELETE('/invitations/{id}/user', { params: { path: { id } }, body: { userId: form.userId } }))
    return redirectWithToast(back, { message: 'profile:invite.revoked' })
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    if (error.status === 401) return redirect(`/auth?redirectTo=${encodeURIComponent(back)}`)
    return redirectWithToast(back, { type: 'error', message: error.body.message })
  }
}
