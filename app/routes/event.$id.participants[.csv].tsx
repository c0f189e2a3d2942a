// /event/{id}/participants.csv: the organizer's list of participants as CSV (issue 45), a resource route.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { rosterCsv } from '~/features/events/day/roster.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
  return rosterCsv(request, params.id)
}
