// The page of "Follow from your server": reached when the card's form had a problem (and without a handle, from
// a link): the same form, with the errors and what was typed.
import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form } from '@remix-run/react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { remoteFollowSchema } from '#contract'
import { ErrorList, FormErrors, FormProvider, inputClass } from '~/components/forms/field'
import type { FormActionData } from '~/utils/submission.server'
import { SubmitButton } from '~/components/forms/submit-button'

export function RemoteFollowScreen({
  handle,
  actionData,
}: {
  handle: string | null
  actionData: (FormActionData & { url?: string }) | undefined
}) {
  const { t } = useTranslation('fediverse')
  const url = actionData?.url
  useEffect(() => {
    if (url) window.location.assign(url)
  }, [url])
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    defaultValue: { handle: handle ?? '' },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: remoteFollowSchema }),
  })
  const shown = fields.handle.value ?? fields.handle.initialValue ?? handle ?? ''
  if (url)
    return (
      <main className="mx-auto max-w-lg px-4 py-8">
        {/* Without JavaScript the browser follows this refresh; the link is there for one that does not. */}
        <meta httpEquiv="refresh" content={`0;url=${url}`} />
        <h1 className="text-xl font-semibold text-slate-900">{t('followTitle', { handle: shown })}</h1>
        <p className="mt-2 text-sm text-slate-600">
          <a href={url} className="font-medium text-brand-700 underline" data-testid="remote-follow-link">
            {t('continueOnServer', { server: new URL(url).host })}
          </a>
        </p>
      </main>
    )
  return (
    <main className="mx-auto max-w-lg px-4 py-8">
      <h1 className="text-xl font-semibold text-slate-900">{t('followTitle', { handle: shown })}</h1>
      <p className="mt-2 text-sm text-slate-600">{t('followIntro')}</p>
      <FormProvider context={form.context}>
        <Form method="post" {...getFormProps(form)} noValidate className="mt-4 space-y-3">
          <FormErrors formId={form.id} />
          <input {...getInputProps(fields.handle, { type: 'hidden' })} key={fields.handle.key} />
          <ErrorList id={fields.handle.errorId} errors={fields.handle.errors} />
          <div className="space-y-1">
            <label htmlFor={fields.account.id} className="block text-sm font-medium text-slate-700">
              {t('account')}
            </label>
            <input
              {...getInputProps(fields.account, {
                type: 'text',
                ariaDescribedBy: `${fields.account.id}-hint`,
              })}
              key={fields.account.key}
              autoComplete="off"
              spellCheck={false}
              className={inputClass}
            />
            <p id={`${fields.account.id}-hint`} className="text-xs text-slate-500">
              {t('accountHint')}
            </p>
            <ErrorList id={fields.account.errorId} errors={fields.account.errors} />
          </div>
          <SubmitButton>{t('follow')}</SubmitButton>
        </Form>
      </FormProvider>
    </main>
  )
}
