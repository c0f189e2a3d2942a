// Settings → Import calendars (/admin/profile/settings/sources, issue 42): add a calendar's address, see how each
// one's last sync went (what it imported, changed, cancelled, removed and skipped), sync one now, remove one.
// Plain forms: redirect and toast, with or without JavaScript.
import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { CATEGORIES, createSourceBodySchema, formatDateTime, type Source } from '#contract'
import { ActionToast } from '~/components/forms/action-toast'
import { ErrorList, Field, FormErrors, FormProvider } from '~/components/forms/field'
import { SubmitButton } from '~/components/forms/submit-button'
import { useRootData } from '~/components/layout/use-root-data'
import type { FormActionData } from '~/utils/submission.server'
import type { loadSources } from './sources.server'

function AddSourceForm() {
  const { t } = useTranslation('settings')
  const { t: te } = useTranslation('events')
  const actionData = useActionData<FormActionData>()
  const [form, fields] = useForm({
    id: 'add-source',
    lastResult: actionData?.result && 'url' in (actionData.result.initialValue ?? {}) ? actionData.result : undefined,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: createSourceBodySchema }),
  })
  const chosen = new Set([fields.categories.initialValue ?? []].flat())
  return (
    <FormProvider context={form.context}>
      <Form method="post" {...getFormProps(form)} noValidate className="space-y-3">
        <FormErrors formId={form.id} />
        <Field
          meta={fields.url}
          type="url"
          label={t('sources.url')}
          description={t('sources.urlHint')}
          inputProps={{ autoComplete: 'off', spellCheck: false, autoCapitalize: 'none', inputMode: 'url' }}
        />
        <fieldset>
          <legend className="text-sm font-medium text-slate-700">{t('sources.categories')}</legend>
          <p className="mb-1 text-xs text-slate-500">{t('sources.categoriesHint')}</p>
          <div className="flex flex-wrap gap-x-4 gap-y-1">
            {CATEGORIES.map((category) => (
              <label key={category} className="flex items-center gap-1 text-sm text-slate-700">
                <input type="checkbox" name={fields.categories.name} value={category} defaultChecked={chosen.has(category)} className="h-4 w-4 rounded border-slate-300" />
                {te(`categories.${category}`)}
              </label>
            ))}
          </div>
          <ErrorList id={fields.categories.errorId} errors={fields.categories.errors} />
        </fieldset>
        <SubmitButton>{t('sources.add')}</SubmitButton>
      </Form>
    </FormProvider>
  )
}

function SourceItem({ source }: { source: Source }) {
  const { t, i18n } = useTranslation('settings')
  const timeZone = useRootData()?.ENV.TIME_ZONE ?? 'UTC'
  const when = (iso: string) => <time dateTime={iso}>{formatDateTime(iso, i18n.language, timeZone)}</time>
  return (
    <li className="space-y-1 rounded-md border border-slate-200 p-3" data-testid="source">
      <p className="font-medium text-slate-900">{source.name ?? source.url}</p>
      <p className="break-all text-xs text-slate-500">{source.url}</p>
      <p className="text-sm text-slate-700">
        {source.lastSyncAt ? <>{t('sources.lastSync')} {when(source.lastSyncAt)}</> : t('sources.neverSynced')}
        {source.lastOutcome ? ` · ${t(`sources.outcome.${source.lastOutcome}`)}` : null}
      </p>
      {source.lastError ? <p className="text-sm text-red-700">{source.lastError}</p> : null}
      {source.lastOutcome === 'OK' ? <p className="text-sm text-slate-700">{t('sources.counts', source.counts)}</p> : null}
      <p className="text-sm text-slate-700">{t('sources.eventCount', { count: source.eventCount })}</p>
      {source.paused ? <p className="text-sm font-medium text-amber-700">{t('sources.paused')}</p> : null}
      {source.skipped.length ? (
        <details className="text-sm text-slate-700">
          <summary>{t('sources.skipped', { count: source.skipped.length })}</summary>
          <ul className="ml-4 list-disc">
            {source.skipped.map((item, i) => (
              <li key={i}>
                {item.ref ? <span className="font-medium">{item.ref}: </span> : null}
                {item.reason}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      <p className="text-xs text-slate-500">
        {t('sources.nextSync')} {when(source.nextSyncAt)}
      </p>
      <Form method="post" className="flex flex-wrap gap-2 pt-1">
        <input type="hidden" name="sourceId" value={source.id} />
        <SubmitButton name="intent" value="sync" variant="secondary" disabled={source.paused}>
          {t('sources.syncNow')}
        </SubmitButton>
        <SubmitButton name="intent" value="remove" variant="secondary">
          {t('sources.remove')}
        </SubmitButton>
      </Form>
    </li>
  )
}

export function SourcesSettings() {
  const { t } = useTranslation('settings')
  const { sources } = useLoaderData<typeof loadSources>()
  const actionData = useActionData<FormActionData>()
  return (
    <section aria-labelledby="sources-title">
      <ActionToast toast={actionData?.toast} />
      <h2 id="sources-title" className="mb-2 text-xl font-semibold">
        {t('sources.title')}
      </h2>
      <p className="mb-4 text-sm text-slate-600">{t('sources.intro')}</p>
      <AddSourceForm />
      <h3 className="mb-2 mt-8 text-lg font-semibold">{t('sources.listTitle')}</h3>
      {sources.length === 0 ? (
        <p className="text-sm text-slate-600">{t('sources.none')}</p>
      ) : (
        <ul className="space-y-3">
          {sources.map((source) => (
            <SourceItem key={source.id} source={source} />
          ))}
        </ul>
      )}
      <p className="mt-4 text-xs text-slate-500">{t('sources.removeNote')}</p>
    </section>
  )
}
