// The month view's loader (/calendar/YYYY-MM, issue 43): GET /event/month for the month, with the lists' city,
// category, Online switch and accessibility features from the query string. A path that is no month is the not-found page.
import { data } from '@remix-run/node'
import { CATEGORIES, type Category, monthField } from '#contract'
import { todayInZone } from '~/features/events/format'
import { narrowingOf } from '~/features/events/list/list.server'
import { getApi, ok } from '~/utils/api.server'
import { getEnv } from '~/utils/env.server'

export async function loadMonth(request: Request, month: string | undefined) {
  if (!month || !monthField.safeParse(month).success) throw data(null, { status: 404 })
  const api = await getApi(request)
  const params = new URL(request.url).searchParams
  const categoryParam = params.get('categories') ?? ''
  const category = (CATEGORIES as readonly string[]).includes(categoryParam) ? (categoryParam as Category) : null
  const city = (params.get('city') ?? '').trim().slice(0, 100)
  const { online, accessibility } = narrowingOf(params, 'EVENT')
  const calendar = await ok(
    api.typed.GET('/event/month', {
      params: {
        query: {
          month,
          ...(city ? { city } : {}),
          ...(category ? { categories: [category] } : {}),
          ...(online ? { online: true } : {}),
          ...(accessibility.length ? { accessibility } : {}),
        },
      },
    }),
  )
  return { calendar, filters: { city, category, online, accessibility }, today: todayInZone(getEnv().TIME_ZONE) }
}

/** /calendar: this month's view, with the query kept. */
export function thisMonth(request: Request) {
  const url = new URL(request.url)
  return `/calendar/${todayInZone(getEnv().TIME_ZONE).slice(0, 7)}${url.search}`
}
