// Loaders and actions of the organizer's "Cancel event" and "Move" forms (/event/{id}/cancel and
// /event/{id}/reschedule): drawers over the event page, pages of their own without JavaScript. Only the
// organizer of an event that is not cancelled gets them; anyone else goes back to the event page.
import { parseWithZod } from '@conform-to/zod/v4'
import { cancelEventBodySchema, rescheduleWebFormSchema } from '#contract'
import { isoToLocalInput, localInputToIso, todayInZone } from '~/features/events/format'
import { apiFailure, invalid } from '~/utils/submission.server'
import { ok } from '~/utils/api.server'
import { getEnv } from '~/utils/env.server'
import { readFormData } from '~/utils/form.server'
import { redirectWithToast } from '~/utils/toast.server'
import { requireOrganizedEvent } from './organizer.server'
import { eventPath } from './shared'

/** A cancelled event is final: no more changes. */
const requireChangeableEvent = (request: Request, id: string) => requireOrganizedEvent(request, id, (event) => !event.cancelledAt)

export async function changeLoader(request: Request, id: string) {
  const { event } = await requireChangeableEvent(request, id)
  const { TIME_ZONE } = getEnv()
  return {
    id: event._id,
    title: event.title,
    closeTo: eventPath(event._id),
    startDate: isoToLocalInput(event.startDate, TIME_ZONE),
    endDate: isoToLocalInput(event.endDate, TIME_ZONE),
    minDate: `${todayInZone(TIME_ZONE)}T00:00`,
    timeZone: TIME_ZONE,
    /** A date of a series may cancel the whole series (decision 041). */
    inSeries: Boolean(event.series && !event.series.cancelledAt),
  }
}

export async function cancelAction(request: Request, id: string) {
  const { api } = await requireChangeableEvent(request, id)
  const submission = parseWithZod(await readFormData(request), { schema: cancelEventBodySchema })
  if (submission.status !== 'success') return invalid(submission)
  try {
    await ok(api.typed.POST('/event/{id}/cancel', { params: { path: { id } }, body: submission.value }))
  } catch (error) {
    return apiFailure(submission, error)
  }
  return redirectWithToast(eventPath(id), { message: 'eventCancelled' })
}

export async function rescheduleAction(request: Request, id: string) {
  const { api, event } = await requireChangeableEvent(request, id)
  const { TIME_ZONE } = getEnv()
  const schema = rescheduleWebFormSchema({
    existingStartDate: event.startDate,
    existingEndDate: event.endDate,
    toIso: (local) => localInputToIso(local, TIME_ZONE),
  })
  const submission = parseWithZod(await readFormData(request), { schema })
  if (submission.status !== 'success') return invalid(submission)
  try {
    await ok(api.typed.POST('/event/{id}/reschedule', { params: { path: { id } }, body: submission.value }))
  } catch (error) {
    return apiFailure(submission, error)
  }
  return redirectWithToast(eventPath(id), { message: 'eventMoved' })
}
