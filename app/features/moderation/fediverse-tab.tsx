// The console's Fediverse tab (/moderation/fediverse; decision 040): the servers we know, what each has here, and
// the admins' decision on each (allowed in city lists, silenced, blocked), made through a plain form with a reason.
// Loader and action: fediverse.server.ts.
import { getFormProps, getSelectProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { DOMAIN_STATUSES, domainDecisionFormSchema, type FederationInstance } from '#contract'
import { ErrorList, Field, FormErrors, FormProvider, inputClass } from '~/components/forms/field'
import type { FormActionData } from '~/utils/submission.server'
import { SubmitButton } from '~/components/forms/submit-button'
import { useRootData } from '~/components/layout/use-root-data'
import { Pager } from '~/components/ui/pager'
import { formatDateTime } from '~/features/events/format'
import { FORM_FIELD } from './fediverse-form'
import type { loadFediverseTab } from './fediverse.server'
import { consoleHref } from './console-table'
import { ReasonInput } from './reason-input'

const CHOICES = [...DOMAIN_STATUSES, 'NONE'] as const

/** One decision form: the top one (a server typed in) or a row's (its server fixed). */
function DecisionForm({ server }: { server: FederationInstance | null }) {
  const { t } = useTranslation('moderation')
  const actionData = useActionData<FormActionData & { formId?: string }>()
  const formName = server ? server.domain : 'new'
  const [form, fields] = useForm({
    id: `server-${formName}`,
    lastResult: actionData?.formId === formName ? actionData.result : undefined,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    defaultValue: { domain: server?.domain ?? '', status: server?.status ?? 'BLOCKED' },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: domainDecisionFormSchema }),
  })
  return (
    <FormProvider context={form.context}>
      <Form
        method="post"
        {...getFormProps(form)}
        noValidate
        className={server ? 'flex flex-wrap items-start gap-2' : 'grid gap-3 sm:grid-cols-2'}
        aria-label={server ? `${t('fediverse.decideTitle')}: ${server.domain}` : t('fediverse.decideTitle')}
      >
        <input type="hidden" name={FORM_FIELD} value={formName} />
        {server ? (
          <input type="hidden" name={fields.domain.name} value={server.domain} />
        ) : (
          <Field meta={fields.domain} label={t('fediverse.domain')} description={t('fediverse.domainHint')} />
        )}
        <div className={server ? '' : 'space-y-1'}>
          <label htmlFor={fields.status.id} className={server ? 'sr-only' : 'block text-sm font-medium text-slate-700'}>
            {t('fediverse.status')}
          </label>
          <select {...getSelectProps(fields.status)} key={fields.status.key} className={inputClass}>
            {CHOICES.map((status) => (
              <option key={status} value={status}>
                {t(`fediverse.statuses.${status}`)}
              </option>
            ))}
          </select>
          <ErrorList id={fields.status.errorId} errors={fields.status.errors} />
        </div>
        {server ? (
          <ReasonInput meta={fields.reason} label={t('fediverse.reason')} />
        ) : (
          <div className="sm:col-span-2">
            <Field meta={fields.reason} label={t('fediverse.reason')} description={t('fediverse.reasonHint')} inputProps={{ maxLength: 500 }} />
          </div>
        )}
        <div className={server ? '' : 'sm:col-span-2'}>
          <FormErrors formId={form.id} />
          <SubmitButton name={FORM_FIELD} value={formName}>
            {t('fediverse.save')}
          </SubmitButton>
        </div>
      </Form>
    </FormProvider>
  )
}

export function FediverseTab() {
  const { t, i18n } = useTranslation('moderation')
  const { servers, query, queryError } = useLoaderData<typeof loadFediverseTab>()
  const timeZone = useRootData()?.ENV.TIME_ZONE ?? 'UTC'
  const when = (iso: string | null) =>
    iso ? <time dateTime={iso}>{formatDateTime(iso, i18n.language, timeZone)}</time> : t('fediverse.never')
  return (
    <div className="space-y-6">
      <section aria-labelledby="fediverse-decide" className="rounded-md border border-slate-200 p-4">
        <h2 id="fediverse-decide" className="mb-1 text-lg font-semibold">
          {t('fediverse.title')}
        </h2>
        <p className="mb-4 text-sm text-slate-600">{t('fediverse.intro')}</p>
        <DecisionForm server={null} />
      </section>
      {queryError ? <p role="alert" className="text-sm text-red-700">{queryError}</p> : null}
      {servers.instances.length === 0 ? (
        <p className="text-sm text-slate-600">{t('fediverse.empty')}</p>
      ) : (
        <ul aria-label={t('fediverse.caption')} className="space-y-3">
          {servers.instances.map((server) => (
            <li key={server.domain} data-testid="fediverse-server" className="rounded-md border border-slate-200 p-3">
              <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
                <h3 className="font-semibold break-all">{server.domain}</h3>
                <p className="text-sm" data-testid="fediverse-server-status">
                  {t(`fediverse.statuses.${server.status ?? 'NONE'}`)}
                  {server.decidedAt ? <span className="text-slate-500"> · {t('fediverse.decidedAt', { date: formatDateTime(server.decidedAt, i18n.language, timeZone) })}</span> : null}
                  {server.reason ? <span className="block text-slate-600">{server.reason}</span> : null}
                </p>
              </div>
              <dl className="mb-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
                <div>
                  <dt className="text-slate-500">{t('fediverse.followers')}</dt>
                  <dd>{server.followers}</dd>
                </div>
                <div>
                  <dt className="text-slate-500">{t('fediverse.followedActors')}</dt>
                  <dd>{server.followedActors}</dd>
                </div>
                <div>
                  <dt className="text-slate-500">{t('fediverse.remoteEvents')}</dt>
                  <dd>{server.remoteEvents}</dd>
                </div>
                <div>
                  <dt className="text-slate-500">{t('fediverse.lastReceived')}</dt>
                  <dd>{when(server.lastReceivedAt)}</dd>
                </div>
              </dl>
              <DecisionForm server={server} />
            </li>
          ))}
        </ul>
      )}
      <Pager
        page={servers.page}
        hasMore={servers.hasMore}
        href={(n) => consoleHref('/moderation/fediverse', query, { page: n > 1 ? String(n) : null })}
      />
    </div>
  )
}
