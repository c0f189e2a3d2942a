// /calendar: this month's view (/calendar/YYYY-MM), with the city and category kept.
import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { thisMonth } from '~/features/calendar/month.server'

export async function loader({ request }: LoaderFunctionArgs) {
  return redirect(thisMonth(request))
}
