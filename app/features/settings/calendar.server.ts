// Settings → Calendar: the personal calendar feed's secret address (GET /calendar/me, made on first use) and
// its Reset (POST /calendar/me/reset: the old address answers 404 at once), which redirects back with a toast.
import { data } from '@remix-run/node'
import { ApiError, ok, type Api } from '~/utils/api.server'
import { readFormData } from '~/utils/form.server'
import { redirectWithToast } from '~/utils/toast.server'
import { RESET_INTENT } from './calendar-form'

const PATH = '/admin/profile/settings/calendar'

export async function loadCalendarFeed(api: Api) {
  const feed = await ok(api.typed.GET('/calendar/me'))
  // The address is a secret: not kept by shared caches.
  return data(feed, { headers: { 'Cache-Control': 'private, no-store' } })
}

export async function resetCalendarFeed(request: Request, api: Api) {
  const form = await readFormData(request)
  if (form.get('intent') !== RESET_INTENT) return data({ ok: false }, { status: 400 })
  try {
    await ok(api.typed.POST('/calendar/me/reset'))
  } catch (error) {
    // A refusal (too many resets) is a toast on the page; an API that fails is "unavailable", not a crash.
    if (!(error instanceof ApiError)) throw error
    if (error.status >= 500) throw data(null, { status: 503 })
    return redirectWithToast(PATH, { type: 'error', message: error.body.message })
  }
  return redirectWithToast(PATH, { message: 'calendarReset' })
}
