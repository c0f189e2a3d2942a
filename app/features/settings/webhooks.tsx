// Settings → Webhooks (/admin/profile/settings/webhooks, issue 42): add an endpoint for some kinds of events (its
// signing secret shown once), see each one's state and last deliveries, send a test, turn it off or on, remove it.
// Plain forms: redirect and toast, with or without JavaScript.
import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { createWebhookBodySchema, formatDateTime, WEBHOOK_EVENTS } from '#contract'
import { ActionToast } from '~/components/forms/action-toast'
import { ErrorList, Field, FormErrors, FormProvider } from '~/components/forms/field'
import { SubmitButton } from '~/components/forms/submit-button'
import { useRootData } from '~/components/layout/use-root-data'
import type { FormActionData } from '~/utils/submission.server'
import type { loadWebhooks } from './webhooks.server'

type Loaded = Awaited<ReturnType<typeof loadWebhooks>>['data']

function AddWebhookForm({ maySite }: { maySite: boolean }) {
  const { t } = useTranslation('settings')
  const actionData = useActionData<FormActionData>()
  const [form, fields] = useForm({
    id: 'add-webhook',
    lastResult: actionData?.result && 'url' in (actionData.result.initialValue ?? {}) ? actionData.result : undefined,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: createWebhookBodySchema }),
  })
  const chosen = new Set([fields.events.initialValue ?? []].flat())
  return (
    <FormProvider context={form.context}>
      <Form method="post" {...getFormProps(form)} noValidate className="space-y-3">
        <FormErrors formId={form.id} />
        <Field meta={fields.url} type="url" label={t('webhooks.url')} description={t('webhooks.urlHint')} inputProps={{ autoComplete: 'off', spellCheck: false, autoCapitalize: 'none', inputMode: 'url' }} />
        <fieldset aria-describedby={fields.events.errorId}>
          <legend className="text-sm font-medium text-slate-700">{t('webhooks.events')}</legend>
          <div className="mt-1 grid gap-1 sm:grid-cols-2">
            {WEBHOOK_EVENTS.map((event) => (
              <label key={event} className="flex items-center gap-2 text-sm text-slate-700">
                <input type="checkbox" name={fields.events.name} value={event} defaultChecked={chosen.has(event)} className="h-4 w-4 rounded border-slate-300" />
                {t(`webhooks.event.${event.replace('.', '_')}`)}
              </label>
            ))}
          </div>
          <ErrorList id={fields.events.errorId} errors={fields.events.errors} />
        </fieldset>
        {maySite ? (
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <input type="checkbox" name={fields.scope.name} value="SITE" className="h-4 w-4 rounded border-slate-300" />
            {t('webhooks.site')}
          </label>
        ) : null}
        <Field meta={fields.description} label={t('webhooks.description')} />
        <SubmitButton>{t('webhooks.add')}</SubmitButton>
      </Form>
    </FormProvider>
  )
}

function WebhookItem({ hook }: { hook: Loaded['webhooks'][number] }) {
  const { t, i18n } = useTranslation('settings')
  const timeZone = useRootData()?.ENV.TIME_ZONE ?? 'UTC'
  return (
    <li className="space-y-2 rounded-md border border-slate-200 p-3" data-testid="webhook">
      <p className="break-all font-medium text-slate-900">{hook.url}</p>
      {hook.description ? <p className="text-sm text-slate-600">{hook.description}</p> : null}
      <p className="text-sm text-slate-700">{hook.events.map((event) => t(`webhooks.event.${event.replace('.', '_')}`)).join(', ')}</p>
      {hook.scope === 'SITE' ? <p className="text-sm text-slate-700">{t('webhooks.siteScope')}</p> : null}
      <p className={`text-sm font-medium ${hook.enabled ? 'text-emerald-700' : 'text-amber-700'}`}>{hook.enabled ? t('webhooks.on') : t('webhooks.off')}</p>
      {hook.disabledReason ? <p className="text-sm text-amber-700">{hook.disabledReason}</p> : null}
      <Form method="post" className="flex flex-wrap gap-2">
        <input type="hidden" name="webhookId" value={hook.id} />
        <SubmitButton name="intent" value="test" variant="secondary">
          {t('webhooks.test')}
        </SubmitButton>
        <SubmitButton name="intent" value={hook.enabled ? 'disable' : 'enable'} variant="secondary">
          {t(hook.enabled ? 'webhooks.disable' : 'webhooks.enable')}
        </SubmitButton>
        <SubmitButton name="intent" value="remove" variant="secondary">
          {t('webhooks.remove')}
        </SubmitButton>
      </Form>
      {hook.deliveries.length ? (
        <table className="w-full text-left text-xs text-slate-700">
          <caption className="text-left text-sm font-medium text-slate-800">{t('webhooks.log')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('webhooks.logEvent')}</th>
              <th scope="col">{t('webhooks.logStatus')}</th>
              <th scope="col">{t('webhooks.logAnswer')}</th>
              <th scope="col">{t('webhooks.logTime')}</th>
            </tr>
          </thead>
          <tbody>
            {hook.deliveries.map((delivery) => (
              <tr key={delivery.id} data-testid="delivery">
                <td>{delivery.eventType}</td>
                <td>{t(`webhooks.status.${delivery.status}`, { count: delivery.attempts })}</td>
                <td>{delivery.responseStatus === null ? '—' : t('webhooks.answer', { status: delivery.responseStatus, ms: delivery.responseMs ?? 0 })}</td>
                <td>
                  <time dateTime={delivery.createdAt}>{formatDateTime(delivery.createdAt, i18n.language, timeZone)}</time>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="text-xs text-slate-500">{t('webhooks.noDeliveries')}</p>
      )}
    </li>
  )
}

export function WebhooksSettings() {
  const { t } = useTranslation('settings')
  const { webhooks, created, maySite } = useLoaderData<typeof loadWebhooks>()
  const actionData = useActionData<FormActionData>()
  return (
    <section aria-labelledby="webhooks-title">
      <ActionToast toast={actionData?.toast} />
      <h2 id="webhooks-title" className="mb-2 text-xl font-semibold">
        {t('webhooks.title')}
      </h2>
      <p className="mb-4 text-sm text-slate-600">{t('webhooks.intro')}</p>
      {created ? (
        <div role="status" className="mb-4 rounded-md border border-emerald-300 bg-emerald-50 p-3 text-sm text-slate-800" data-testid="webhook-secret">
          <p className="font-semibold">{t('webhooks.secretTitle')}</p>
          <p>{t('webhooks.secretOnce')}</p>
          <code className="mt-1 block break-all rounded bg-white p-2 font-mono">{created.secret}</code>
        </div>
      ) : null}
      <AddWebhookForm maySite={maySite} />
      <h3 className="mb-2 mt-8 text-lg font-semibold">{t('webhooks.listTitle')}</h3>
      {webhooks.length === 0 ? (
        <p className="text-sm text-slate-600">{t('webhooks.none')}</p>
      ) : (
        <ul className="space-y-3">
          {webhooks.map((hook) => (
            <WebhookItem key={hook.id} hook={hook} />
          ))}
        </ul>
      )}
    </section>
  )
}
