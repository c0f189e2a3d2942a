// Settings → Import calendars (/admin/profile/settings/sources, issue 42): add a calendar's address with the
// categories and default place its events get, see how each one's last sync went (what it imported, changed,
// cancelled, removed and skipped), change its categories and place, sync one now, remove one. Plain forms: redirect
// and toast, with or without JavaScript (a calendar's Change form opens in a <details>, open again when it failed).
import { type FieldMetadata, getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { formatDateTime, type Source, sourceEditFormSchema, sourceFormSchema } from '#contract'
import { ActionToast } from '~/components/forms/action-toast'
import { CategoriesFieldset } from '~/components/forms/categories-fieldset'
import { Field, FormErrors, FormProvider } from '~/components/forms/field'
import { SubmitButton } from '~/components/forms/submit-button'
import { useRootData } from '~/components/layout/use-root-data'
import type { FormActionData } from '~/utils/submission.server'
import type { loadSources } from './sources.server'

function PlaceField({ meta }: { meta: FieldMetadata<string | undefined> }) {
  const { t } = useTranslation('settings')
  return <Field meta={meta} label={t('sources.place')} description={t('sources.placeHint')} inputProps={{ autoComplete: 'street-address', maxLength: 500 }} />
}

function AddSourceForm() {
  const { t } = useTranslation('settings')
  const actionData = useActionData<FormActionData>()
  const [form, fields] = useForm({
    id: 'add-source',
    lastResult: actionData?.result && 'url' in (actionData.result.initialValue ?? {}) ? actionData.result : undefined,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: sourceFormSchema }),
  })
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
        <CategoriesFieldset meta={fields.categories} legend={t('sources.categories')} hint={t('sources.categoriesHint')} />
        <PlaceField meta={fields.placeAddress} />
        <SubmitButton>{t('sources.add')}</SubmitButton>
      </Form>
    </FormProvider>
  )
}

/** One calendar's categories and default place; it comes back open, with what was typed, when saving failed. */
function EditSourceForm({ source }: { source: Source }) {
  const { t } = useTranslation('settings')
  const actionData = useActionData<FormActionData>()
  const mine = actionData?.result?.initialValue?.intent === 'update' && actionData.result.initialValue.sourceId === source.id ? actionData.result : undefined
  const [form, fields] = useForm({
    id: `source-${source.id}`,
    lastResult: mine,
    defaultValue: { categories: source.categories, placeAddress: source.place?.address ?? '' },
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: sourceEditFormSchema }),
  })
  return (
    <details className="text-sm" open={mine ? true : undefined}>
      <summary className="cursor-pointer text-slate-700">{t('sources.change')}</summary>
      <FormProvider context={form.context}>
        <Form method="post" {...getFormProps(form)} noValidate className="mt-2 space-y-3">
          <FormErrors formId={form.id} />
          <input type="hidden" name="sourceId" value={source.id} />
          <CategoriesFieldset meta={fields.categories} legend={t('sources.categories')} hint={t('sources.categoriesHint')} />
          <PlaceField meta={fields.placeAddress} />
          <SubmitButton name="intent" value="update" variant="secondary">
            {t('sources.save')}
          </SubmitButton>
        </Form>
      </FormProvider>
    </details>
  )
}

function SourceItem({ source }: { source: Source }) {
  const { t, i18n } = useTranslation('settings')
  const { t: te } = useTranslation('events')
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
      {source.categories.length ? (
        <p className="text-sm text-slate-700">{t('sources.categoriesShown', { list: source.categories.map((category) => te(`categories.${category}`)).join(', ') })}</p>
      ) : null}
      <p className="text-sm text-slate-700">{source.place ? t('sources.placeShown', { address: source.place.address }) : t('sources.noPlace')}</p>
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
      <EditSourceForm source={source} />
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
