// POST: a short-lived ticket for the realtime socket (ARCHITECTURE "Realtime"). The browser never sees the
// API tokens; it opens the socket with this ticket, asking again on every reconnection.
import type { ActionFunctionArgs } from '@remix-run/node'
import type { z } from 'zod'
import type { realtimeTicketResponseSchema } from '#contract'
import { requireActivatedUser } from '~/utils/auth.server'

export async function action({ request }: ActionFunctionArgs) {
  const { api } = await requireActivatedUser(request)
  const ticket = await api.post<z.infer<typeof realtimeTicketResponseSchema>>('/realtime/ticket')
  // A resource route answers a plain JSON response (read with fetch by the socket client).
  return Response.json(ticket)
}
