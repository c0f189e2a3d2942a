// /admin/profile/settings/calendar: the personal calendar feed (decision 029). Shows its secret address
// (GET /calendar/me, made on first use) to copy, as a webcal:// subscription and as a download, and a Reset
// form (POST /calendar/me/reset: the old address answers 404 at once) that redirects back with a toast.
// No client code beyond the form: the address is a read-only input the reader selects and copies.
import { routeTexts } from '~/locales/load'
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Form, useLoaderData } from '@remix-run/react'
import { useTranslation } from '~/utils/use-translation'
import { SubmitButton } from '~/components/forms/submit-button'
import { CalendarIcon } from '~/components/ui/icons'
import { ApiError, ok } from '~/utils/api.server'
import { requireActivatedUser } from '~/utils/auth.server'
import { readFormData } from '~/utils/form.server'
import { redirectWithToast } from '~/utils/toast.server'

/** The texts of this screen beyond the root's (app/i18n.ts). */
export const handle = routeTexts({ i18n: ['settings'] })

const PATH = '/admin/profile/settings/calendar'
const RESET_INTENT = 'reset'

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireActivatedUser(request)
  const feed = await ok(api.typed.GET('/calendar/me'))
  // The address is a secret: not kept by shared caches.
  return data(feed, { headers: { 'Cache-Control': 'private, no-store' } })
}

export async function action({ request }: ActionFunctionArgs) {
  const { api } = await requireActivatedUser(request)
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

export default function CalendarSettings() {
  const { t } = useTranslation('settings')
  const { url, webcalUrl } = useLoaderData<typeof loader>()
  return (
    <>
      <h2 className="mb-1 text-xl font-semibold">{t('calendar.title')}</h2>
      <p className="mb-5 text-sm text-slate-600">{t('calendar.intro')}</p>
      <div className="space-y-1">
        <label htmlFor="calendar-feed-url" className="block text-sm font-medium text-slate-800">
          {t('calendar.urlLabel')}
        </label>
        <input
          id="calendar-feed-url"
          name="url"
          type="url"
          readOnly
          value={url}
          aria-describedby="calendar-feed-url-hint"
          data-testid="calendar-feed-url"
          className="w-full rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm text-slate-900"
        />
        <p id="calendar-feed-url-hint" className="text-xs text-slate-600">
          {t('calendar.urlHint')}
        </p>
      </div>
      <p className="mt-4 flex flex-wrap gap-x-5 gap-y-2 text-sm">
        <a href={webcalUrl} className="inline-flex items-center gap-2 font-medium text-brand-700 underline" data-testid="calendar-feed-webcal">
          <CalendarIcon className="h-4 w-4" />
          {t('calendar.subscribe')}
        </a>
        <a href={url} download className="text-brand-700 underline" data-testid="calendar-feed-download">
          {t('calendar.download')}
        </a>
      </p>
      <p className="mt-6 rounded-md bg-amber-50 p-3 text-sm text-amber-900">{t('calendar.secret')}</p>
      <Form method="post" className="mt-3">
        <SubmitButton name="intent" value={RESET_INTENT} variant="secondary">
          {t('calendar.reset')}
        </SubmitButton>
      </Form>
    </>
  )
}
