// Loader and action of /event/{id}/message: an organizer's message to everyone of the event (issue 45), a drawer over
// the event page (a page of its own without JavaScript). Checked on the server by the contract's schema; the API
// keeps the rules (organizers only, a few a day) and its refusals come back on the form with the words kept.
import { parseWithZod } from '@conform-to/zod/v4'
import { eventMessageFormSchema } from '#contract'
import { ok } from '~/utils/api.server'
import { readFormData } from '~/utils/form.server'
import { apiFailure, invalid } from '~/utils/submission.server'
import { redirectWithToast } from '~/utils/toast.server'
import { requireOrganizedEvent } from './organizer.server'
import { eventPath } from './shared'

export async function messageLoader(request: Request, id: string) {
  const { event } = await requireOrganizedEvent(request, id)
  return {
    title: event.title,
    closeTo: eventPath(event._id),
    participantsCount: event.participantsCount,
    waitlistCount: event.waitlistCount,
  }
}

export async function messageAction(request: Request, id: string) {
  const { api } = await requireOrganizedEvent(request, id)
  const submission = parseWithZod(await readFormData(request), { schema: eventMessageFormSchema })
  if (submission.status !== 'success') return invalid(submission)
  let recipients: number | null
  try {
    const sent = await ok(api.typed.POST('/event/{id}/messages', { params: { path: { id } }, body: submission.value }))
    recipients = sent.recipients
  } catch (error) {
    return apiFailure(submission, error)
  }
  return redirectWithToast(eventPath(id), { message: 'eventMessageSent', values: { count: recipients ?? 0 } })
}
