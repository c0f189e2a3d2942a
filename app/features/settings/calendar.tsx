// Settings → Calendar (/admin/profile/settings/calendar): the personal calendar feed (decision 029). Shows its
// secret address to copy, as a webcal:// subscription and as a download, and a Reset form. No client code
// beyond the form: the address is a read-only input the reader selects and copies. Loader and action:
// calendar.server.ts.
import { Form, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { SubmitButton } from '~/components/forms/submit-button'
import { CalendarIcon } from '~/components/ui/icons'
import { RESET_INTENT } from './calendar-form'
import type { loadCalendarFeed } from './calendar.server'

export function CalendarSettings() {
  const { t } = useTranslation('settings')
  const { url, webcalUrl } = useLoaderData<typeof loadCalendarFeed>()
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
