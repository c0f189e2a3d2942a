// Console → Groups (/moderation/groups, issue 45): groups newest first with their status, owners and counts, a
// filter by status and a search (a GET form), and on each a decision — approve, suspend, restore, delete — with its
// reason, logged and shown to the group's members. Plain forms: the same with or without JavaScript.
import { getFormProps, getSelectProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { type AdminGroup, GROUP_DECISIONS, GROUP_STATUSES, groupDecisionFormSchema } from '#contract'
import { FormErrors, FormProvider, inputClass } from '~/components/forms/field'
import { SubmitButton } from '~/components/forms/submit-button'
import { Pager } from '~/components/ui/pager'
import type { FormActionData } from '~/utils/submission.server'
import { consoleHref } from './console-table'
import { ReasonInput } from './reason-input'
import type { loadGroupsTab } from './groups.server'

function DecisionForm({ group }: { group: AdminGroup }) {
  const { t } = useTranslation('moderation')
  const actionData = useActionData<FormActionData & { formId?: string }>()
  const [form, fields] = useForm({
    id: `group-${group.handle}`,
    lastResult: actionData?.formId === group.handle ? actionData.result : undefined,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    defaultValue: { decision: group.moderationStatus === 'PENDING' ? 'APPROVE' : group.status === 'SUSPENDED' ? 'RESTORE' : 'SUSPEND' },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: groupDecisionFormSchema }),
  })
  return (
    <FormProvider context={form.context}>
      <Form method="post" {...getFormProps(form)} noValidate className="flex flex-wrap items-start gap-2" aria-label={t('groups.decideOn', { name: group.name })}>
        <input type="hidden" name="handle" value={group.handle} />
        <div>
          <label htmlFor={fields.decision.id} className="sr-only">
            {t('groups.decision')}
          </label>
          <select {...getSelectProps(fields.decision)} key={fields.decision.key} className={inputClass}>
            {GROUP_DECISIONS.map((decision) => (
              <option key={decision} value={decision}>
                {t(`groups.decisions.${decision}`)}
              </option>
            ))}
          </select>
        </div>
        <ReasonInput meta={fields.reason} label={t('groups.reason')} />
        <div>
          <FormErrors formId={form.id} />
          <SubmitButton>{t('groups.save')}</SubmitButton>
        </div>
      </Form>
    </FormProvider>
  )
}

export function GroupsTab() {
  const { t } = useTranslation('moderation')
  const { groups, query, queryError } = useLoaderData<typeof loadGroupsTab>()
  return (
    <div className="space-y-4">
      <Form method="get" className="flex flex-wrap items-end gap-2" aria-label={t('filters.label')}>
        <div>
          <label htmlFor="groups-status" className="block text-sm font-medium text-slate-700">
            {t('groups.status')}
          </label>
          <select id="groups-status" name="status" defaultValue={query.status ?? ''} className={inputClass}>
            <option value="">{t('groups.statuses.ALL')}</option>
            {(['PENDING', ...GROUP_STATUSES] as const).map((status) => (
              <option key={status} value={status}>
                {t(`groups.statuses.${status}`)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="groups-q" className="block text-sm font-medium text-slate-700">
            {t('filters.query')}
          </label>
          <input id="groups-q" name="q" type="search" defaultValue={query.q ?? ''} maxLength={100} className={inputClass} />
        </div>
        <SubmitButton variant="secondary">{t('filters.apply')}</SubmitButton>
      </Form>
      {queryError ? <p role="alert" className="text-sm text-red-700">{queryError}</p> : null}
      {groups.items.length === 0 ? (
        <p className="text-sm text-slate-600">{t('groups.empty')}</p>
      ) : (
        <ul aria-label={t('tabs.groups')} className="space-y-3">
          {groups.items.map((group) => (
            <li key={group.id} data-testid="console-group" className="rounded-md border border-slate-200 p-3">
              <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
                <h2 className="font-semibold">
                  <Link to={`/groups/${group.handle}`} className="text-brand-700 underline">
                    {group.name}
                  </Link>{' '}
                  <span className="text-sm font-normal text-slate-500">@{group.handle}</span>
                </h2>
                <p className="text-sm" data-testid="console-group-status">
                  {t(`groups.statuses.${group.status}`)}
                  {group.moderationStatus === 'PENDING' ? ` · ${t('groups.statuses.PENDING')}` : ''}
                  {group.statusReason ? <span className="block text-slate-600">{group.statusReason}</span> : null}
                </p>
              </div>
              <p className="mb-2 text-sm text-slate-700">
                {t('groups.owners')}: {group.owners.map((owner) => `@${owner.username}`).join(', ') || '—'} · {t('groups.counts', { members: group.membersCount, followers: group.followersCount })} ·{' '}
                <Link to={consoleHref('/moderation/log', {}, { targetId: group.id })} className="underline">
                  {t('log.history')}
                </Link>
              </p>
              <DecisionForm group={group} />
            </li>
          ))}
        </ul>
      )}
      <Pager page={groups.page} hasMore={groups.hasMore} href={(to) => consoleHref('/moderation/groups', query, { page: String(to) })} />
    </div>
  )
}
