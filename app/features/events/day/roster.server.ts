// The list for the day (issue 45): the printable page (/event/{id}/participants) and its CSV
// (/event/{id}/participants.csv), both asked of the API as the signed-in organizer (403 for anyone else, as the
// API says; 404 when the event is not theirs to see).
import { redirect } from '@remix-run/node'
import { throwApiStatus } from '~/features/profile/profile.server'
import { ApiError, getApi, ok } from '~/utils/api.server'

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
