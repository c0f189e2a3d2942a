// Settings → Fediverse (/admin/profile/settings/fediverse): the person's handle and the switch that sends their
// public events to the fediverse (decision 039). A plain form: redirect and toast, with or without JavaScript.
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { ActionToast } from '~/components/forms/action-toast'
import type { FormActionData } from '~/components/forms/submission.server'
import { SubmitButton } from '~/components/forms/submit-button'
import type { loadFediverseSettings } from './fediverse.server'

export function FediverseSettings() {
  const { t } = useTranslation('fediverse')
  const { federateEvents, presence } = useLoaderData<typeof loadFediverseSettings>()
  const actionData = useActionData<FormActionData>()
  return (
    <section aria-labelledby="fediverse-title">
      <ActionToast toast={actionData?.toast} />
      <h2 id="fediverse-title" className="mb-2 text-xl font-semibold">
        {t('settingsTitle')}
      </h2>
      <p className="mb-4 text-sm text-slate-600">{t('settingsIntro')}</p>
      {presence ? (
        <p className="mb-4 text-sm text-slate-700" data-testid="own-fediverse-handle">
          {t('yourHandle', { handle: presence.handle })}
        </p>
      ) : null}
      <Form method="post" key={String(federateEvents)} className="space-y-3">
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            name="federateEvents"
            defaultChecked={federateEvents}
            className="h-4 w-4 rounded border-slate-300"
          />
          {t('settingsSwitch')}
        </label>
        <p className="text-xs text-slate-500">{t('settingsOffNote')}</p>
        <SubmitButton>{t('settingsSave')}</SubmitButton>
      </Form>
    </section>
  )
}
