// /event/{id}/calendar.ics: "Add to calendar" (RFC 5545), a resource route. The file, as the viewer may see
// it: features/events/page/ics.server.ts.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { eventCalendarFile } from '~/features/events/page/ics.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
  return eventCalendarFile(request, params.id ?? '')
}
