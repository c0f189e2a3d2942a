// /groups (issue 45): the invitations waiting for the viewer (Accept / Decline), their groups, and every active
// group by name with a search (a GET form) a page at a time. Plain forms and links.
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { formatDateTime, type Group } from '#contract'
import { ActionToast } from '~/components/forms/action-toast'
import { inputClass } from '~/components/forms/input-class'
import { useRootData } from '~/components/layout/use-root-data'
import { PennantIcon } from '~/components/ui/icons'
import { Pager } from '~/components/ui/pager'
import type { FormActionData } from '~/utils/submission.server'
import type { loadGroupList } from './groups.server'
import { InvitationAnswer } from './invitation-answer'
import { GroupAvatar } from './group-avatar'

function GroupCard({ group }: { group: Group }) {
  const { t } = useTranslation('groups')
  return (
    <li className="relative rounded-xl border border-slate-200 bg-white p-4 hover:border-brand-300">
      <h3 className="flex items-center gap-2 font-semibold text-slate-900">
        {group.avatarUrl ? <GroupAvatar group={group} /> : <PennantIcon className="h-4 w-4 shrink-0 text-brand-600" />}
        <Link to={`/groups/${group.handle}`} className="break-words after:absolute after:inset-0">
          {group.name}
        </Link>
      </h3>
      <p className="text-xs text-slate-500">
        @{group.handle} · {t('members', { count: group.membersCount })}
        {group.viewer.role ? ` · ${t(`role.${group.viewer.role}`)}` : ''}
      </p>
      {group.description ? <p className="mt-1 line-clamp-2 break-words text-sm text-slate-600">{group.description}</p> : null}
    </li>
  )
}

export function GroupListScreen() {
  const { t, i18n } = useTranslation('groups')
  const timeZone = useRootData()?.ENV.TIME_ZONE ?? 'UTC'
  const { q, page, groups, hasMore, mine, invitations, signedIn } = useLoaderData<typeof loadGroupList>()
  const actionData = useActionData<FormActionData>()
  return (
    <section aria-labelledby="groups-title" className="mx-auto max-w-3xl py-4">
      <ActionToast toast={actionData?.toast} />
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 id="groups-title" className="text-2xl font-semibold text-slate-900">
          {t('title')}
        </h1>
        {signedIn ? (
          <Link to="/groups/new" className="text-sm font-semibold text-brand-700 underline">
            {t('new')}
          </Link>
        ) : null}
      </div>
      <p className="mb-4 mt-1 text-slate-600">{t('intro')}</p>
      {invitations.length ? (
        <section aria-labelledby="group-invitations" className="mb-6">
          <h2 id="group-invitations" className="mb-2 text-lg font-semibold">
            {t('invitations')}
          </h2>
          <ul className="space-y-2">
            {invitations.map((invitation) => (
              <li key={invitation.id} className="rounded-md border border-brand-200 bg-brand-50 p-3 text-sm" data-testid="group-invitation">
                <Link to={`/groups/${invitation.group.handle}`} className="font-semibold text-slate-900 underline">
                  {invitation.group.name}
                </Link>
                <p className="text-slate-700">
                  {t('invitedAs', {
                    role: t(`role.${invitation.role}`),
                    name: invitation.invitedBy ? `${invitation.invitedBy.name} ${invitation.invitedBy.lastname}`.trim() : '—',
                  })}
                </p>
                <p className="text-xs text-slate-600">{t('expires', { date: formatDateTime(invitation.expiresAt, i18n.language, timeZone) })}</p>
                <InvitationAnswer invitationId={invitation.id} className="mt-2 flex gap-2" />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {mine.length ? (
        <section aria-labelledby="my-groups" className="mb-6">
          <h2 id="my-groups" className="mb-2 text-lg font-semibold">
            {t('mine')}
          </h2>
          <ul className="grid gap-3 sm:grid-cols-2" data-testid="my-groups">
            {mine.map((group) => (
              <GroupCard key={group.id} group={group} />
            ))}
          </ul>
        </section>
      ) : null}
      <h2 id="all-groups" className="mb-2 text-lg font-semibold">
        {t('all')}
      </h2>
      <Form method="get" role="search" className="mb-4 flex gap-2">
        <label htmlFor="group-search" className="sr-only">
          {t('search')}
        </label>
        <input id="group-search" name="q" type="search" defaultValue={q} placeholder={t('search')} maxLength={100} className={inputClass} />
        <button type="submit" className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50">
          {t('searchButton')}
        </button>
      </Form>
      {groups.length === 0 ? (
        <p className="text-slate-600">{q ? t('noMatch', { q }) : t('none')}</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2" data-testid="groups">
          {groups.map((group) => (
            <GroupCard key={group.id} group={group} />
          ))}
        </ul>
      )}
      <Pager page={page} hasMore={hasMore} href={(to) => `/groups?${q ? `q=${encodeURIComponent(q)}&` : ''}page=${to}`} />
    </section>
  )
}
