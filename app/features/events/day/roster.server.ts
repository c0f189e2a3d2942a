// The list for the day (issue 45): the printable page (/event/{id}/participants), its CSV
// (/event/{id}/participants.csv) and the door (/event/{id}/checkin), all asked of the API as the signed-in organizer
// (403 for anyone else, as the API says; 404 when the event is not theirs to see).
import { parseWithZod } from '@conform-to/zod/v4'
import { redirect } from '@remix-run/node'
import { checkinIntentSchema, formatTimeOfDay } from '#contract'
import { personName } from '~/features/events/page/meta'
import { throwApiStatus } from '~/features/profile/profile.server'
import { ApiError, getApi, ok } from '~/utils/api.server'
import { getEnv } from '~/utils/env.server'
import { readFormData } from '~/utils/form.server'
import { apiFailure, invalid } from '~/utils/submission.server'
import { redirectWithToast } from '~/utils/toast.server'

const listPath = (id: string) => `/event/${encodeURIComponent(id)}/participants`

/** Signed out: to sign in, and back here after. */
async function organizerApi(request: Request, back: string) {
  const api = await getApi(request)
  if (!api.isSignedIn()) throw redirect(`/auth?redirectTo=${encodeURIComponent(back)}`)
  return api
}

export async function loadRoster(request: Request, id: string | undefined) {
  const eventId = id ?? ''
  const api = await organizerApi(request, listPath(eventId))
  try {
    const roster = await ok(api.typed.GET('/event/{id}/roster', { params: { path: { id: eventId } } }))
    return { roster }
  } catch (error) {
    return throwApiStatus(error)
  }
}

export async function rosterCsv(request: Request, id: string | undefined) {
  const eventId = id ?? ''
  const api = await organizerApi(request, listPath(eventId))
  try {
    const file = await api.file(`/event/${encodeURIComponent(eventId)}/participants.csv`)
    if (!file) throw new ApiError(404, { message: 'Not found', errors: {} })
    return new Response(file.bytes, {
      headers: {
        'Content-Type': file.type,
        'Content-Disposition': file.headers.get('content-disposition') ?? 'attachment; filename="participants.csv"',
        // Names and emails of one event's people: never kept by a shared cache.
        'Cache-Control': 'private, no-store',
      },
    })
  } catch (error) {
    return throwApiStatus(error)
  }
}

const doorPath = (id: string) => `/event/${encodeURIComponent(id)}/checkin`

/** The door page: the list with who came, and a code from the QR code's URL filled in (a GET changes nothing). */
export async function loadDoor(request: Request, id: string | undefined) {
  const eventId = id ?? ''
  const code = new URL(request.url).searchParams.get('code')?.slice(0, 20) ?? ''
  const api = await organizerApi(request, `${doorPath(eventId)}${code ? `?code=${encodeURIComponent(code)}` : ''}`)
  try {
    const roster = await ok(api.typed.GET('/event/{id}/roster', { params: { path: { id: eventId } } }))
    return { roster, code }
  } catch (error) {
    return throwApiStatus(error)
  }
}

export async function doorAction(request: Request, id: string | undefined) {
  const eventId = id ?? ''
  const api = await organizerApi(request, doorPath(eventId))
  const submission = parseWithZod(await readFormData(request), { schema: checkinIntentSchema })
  if (submission.status !== 'success') return invalid(submission)
  const value = submission.value
  const path = { params: { path: { id: eventId } } }
  const timeZone = getEnv().TIME_ZONE
  try {
    if (value.intent === 'undo') {
      const undone = await ok(api.typed.DELETE('/event/{id}/checkin/{userId}', { params: { path: { id: eventId, userId: value.userId } } }))
      return redirectWithToast(doorPath(eventId), { message: 'checkinUndone', values: { name: personName(undone.user) } })
    }
    const body = value.intent === 'code' ? { code: value.code } : { userId: value.userId }
    const result = await ok(api.typed.POST('/event/{id}/checkin', { ...path, body }))
    const name = personName(result.user)
    return redirectWithToast(
      doorPath(eventId),
      result.already
        ? { type: 'info', message: 'alreadyIn', values: { name, time: formatTimeOfDay(result.checkedInAt, timeZone) } }
        : { message: 'checkedIn', values: { name } },
    )
  } catch (error) {
    // A refused code shows on its field, what was typed kept; the buttons' refusals come as a toast.
    return apiFailure(submission, error, { toast: value.intent !== 'code' })
  }
}
