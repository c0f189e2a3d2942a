// POST: a short-lived ticket for the realtime socket (ARCHITECTURE "Realtime"). The browser never sees the
// API tokens; it opens the socket with this ticket, asking again on every reconnection.
import type { ActionFunctionArgs } from '@remix-run/node'
import { ApiError, ok } from '~/utils/api.server'
import { requireActivatedUser } from '~/utils/auth.server'

export async function action({ request }: ActionFunctionArgs) {
  const { api } = await requireActivatedUser(request)
  try {
    const ticket = await ok(api.typed.POST('/realtime/ticket'))
    // A resource route answers a plain JSON response (read with fetch by the socket client).
    return Response.json(ticket)
  } catch (error) {
    // The session ended meanwhile (or the API refused): the client stays without a socket, no 500.
    if (error instanceof ApiError && error.status < 500) return Response.json(error.body, { status: error.status })
    throw error
  }
}
