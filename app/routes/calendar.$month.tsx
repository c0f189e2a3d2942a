// /calendar/YYYY-MM: a city's month at a glance (issue 43). Screen: features/calendar/month.tsx; loader:
// month.server.ts.
import { routeTexts } from '~/locales/load'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { DEFAULT_LANGUAGE, type Language } from '#contract'
import { MonthScreen, monthName } from '~/features/calendar/month'
import { metaText } from '~/utils/meta-text'
import { loadMonth } from '~/features/calendar/month.server'

/** The texts of this screen beyond the root's (app/i18n.ts). */
export const handle = routeTexts({ i18n: ['eventList', 'events'] })

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const locale = (matches.find((match) => match.id === 'root')?.data as { locale?: Language } | undefined)?.locale ?? DEFAULT_LANGUAGE
  if (!data) return [{ title: 'Nearby' }]
  const month = monthName(data.calendar.month, locale)
  return [{ title: `${metaText(locale, 'eventList', 'month.title', { month: month[0]!.toLocaleUpperCase(locale) + month.slice(1), city: data.calendar.geo.city })} · Nearby` }]
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadMonth(request, params.month)
}

export default function MonthRoute() {
  return <MonthScreen data={useLoaderData<typeof loader>()} />
}
