// Settings → Fediverse (/admin/profile/settings/fediverse): the person's handle and the switch that sends their
// public events to the fediverse (decision 039). A plain form: redirect and toast, with or without JavaScript.
import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { followRemoteSchema } from '#contract'
import { ActionToast } from '~/components/forms/action-toast'
import { Field, FormErrors, FormProvider } from '~/components/forms/field'
import type { FormActionData } from '~/utils/submission.server'
import { SubmitButton } from '~/components/forms/submit-button'
import type { loadFediverseSettings } from './fediverse.server'
import { FOLLOW_INTENT } from './fediverse-intent'


/** "Follow an account from another server": its handle; a refusal comes back beside it, with the handle kept. */
function FollowRemoteForm() {
  const { t } = useTranslation('fediverse')
  const actionData = useActionData<FormActionData>()
  const [form, fields] = useForm({
    id: 'follow-remote',
    // Only this form's answer (the switch's has no handle).
    lastResult: actionData?.result && 'handle' in (actionData.result.initialValue ?? {}) ? actionData.result : undefined,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: followRemoteSchema }),
  })
  return (
    <section aria-labelledby="follow-remote-title" className="mt-8">
      <h3 id="follow-remote-title" className="mb-2 text-lg font-semibold">
        {t('followRemoteTitle')}
      </h3>
      <p className="mb-4 text-sm text-slate-600">{t('followRemoteIntro')}</p>
      <FormProvider context={form.context}>
        <Form method="post" {...getFormProps(form)} noValidate className="space-y-3">
          <FormErrors formId={form.id} />
          <input type="hidden" name="intent" value={FOLLOW_INTENT} />
          <Field
            meta={fields.handle}
            label={t('followRemoteHandle')}
            description={t('followRemoteHint')}
            inputProps={{ autoComplete: 'off', spellCheck: false, autoCapitalize: 'none' }}
          />
          <SubmitButton name="intent" value={FOLLOW_INTENT}>
            {t('followRemoteSubmit')}
          </SubmitButton>
        </Form>
      </FormProvider>
    </section>
  )
}

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
      <FollowRemoteForm />
    </section>
  )
}
