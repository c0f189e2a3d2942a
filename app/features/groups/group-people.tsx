// /groups/{handle}/members (issue 45): who is in the group and their roles, for its members; owners and admins also
// give roles, remove people, invite by username or email and withdraw invitations; owners make another member an
// owner. Each row's buttons are a plain form (redirect and toast); the invite form keeps what was typed when refused.
import { getFormProps, getInputProps, getSelectProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { canInGroup, formatDateTime, GROUP_INVITE_ROLES, GROUP_ROLES, type GroupMember, type GroupRole, groupPeopleIntentSchema } from '#contract'
import { ErrorList, FormErrors, FormProvider } from '~/components/forms/field'
import { inputClass } from '~/components/forms/input-class'
import { SubmitButton } from '~/components/forms/submit-button'
import { useRootData } from '~/components/layout/use-root-data'
import { Avatar } from '~/components/ui/avatar'
import type { FormActionData } from '~/utils/submission.server'
import type { loadGroupPeople } from './groups.server'
import { GroupSubpage } from './group-subpage'

function MemberRow({ member, myRole, isMe }: { member: GroupMember; myRole: GroupRole | null; isMe: boolean }) {
  const { t, i18n } = useTranslation('groups')
  const timeZone = useRootData()?.ENV.TIME_ZONE ?? 'UTC'
  const name = `${member.user.name} ${member.user.lastname}`.trim()
  // Admins act on everyone but owners; owners on everyone (the API refuses the rest, and keeps a last owner).
  const manages = canInGroup(myRole, 'manageMembers') && (member.role !== 'owner' || canInGroup(myRole, 'manageOwners'))
  const roles = canInGroup(myRole, 'manageOwners') ? GROUP_ROLES : GROUP_INVITE_ROLES
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-md border border-slate-200 p-3 text-sm" data-testid="group-member">
      <Avatar name={name || member.user.username} avatarFile={member.user.avatarFile} size="sm" />
      <div className="min-w-0 flex-1">
        <Link to={`/profile/${member.user._id}`} className="font-medium text-slate-900 underline">
          {name || member.user.username}
        </Link>{' '}
        {isMe ? <span className="text-slate-500">{t('people.you')}</span> : null}
        <p className="text-xs text-slate-500">
          {t(`role.${member.role}`)} · {t('people.joined', { date: formatDateTime(member.joinedAt, i18n.language, timeZone) })}
        </p>
      </div>
      {manages ? (
        <Form method="post" className="flex flex-wrap items-center gap-2">
          <input type="hidden" name="userId" value={member.user._id} />
          <label className="sr-only" htmlFor={`role-${member.user._id}`}>
            {t('people.roleLabel', { name: name || member.user.username })}
          </label>
          <select id={`role-${member.user._id}`} name="role" defaultValue={member.role} className="rounded-md border border-slate-300 bg-white px-2 py-1.5">
            {roles.map((role) => (
              <option key={role} value={role}>
                {t(`role.${role}`)}
              </option>
            ))}
          </select>
          <SubmitButton name="intent" value="role" variant="secondary">
            {t('people.change')}
          </SubmitButton>
          {!isMe ? (
            <SubmitButton name="intent" value="remove" variant="secondary">
              {t('people.remove')}
            </SubmitButton>
          ) : null}
          {canInGroup(myRole, 'manageOwners') && !isMe && member.role !== 'owner' ? (
            <SubmitButton name="intent" value="transfer" variant="secondary" title={t('people.transferHint')}>
              {t('people.transfer')}
            </SubmitButton>
          ) : null}
        </Form>
      ) : null}
    </li>
  )
}

function InviteForm() {
  const { t } = useTranslation('groups')
  const actionData = useActionData<FormActionData>()
  const [form, fields] = useForm({
    id: 'group-invite',
    lastResult: actionData?.result?.initialValue?.intent === 'invite' ? actionData.result : undefined,
    defaultValue: { role: 'member' },
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: groupPeopleIntentSchema }),
  })
  return (
    <FormProvider context={form.context}>
      <Form method="post" {...getFormProps(form)} noValidate className="space-y-3">
        <FormErrors formId={form.id} />
        <input type="hidden" name="intent" value="invite" />
        <div className="space-y-1">
          <label htmlFor={fields.who.id} className="block text-sm font-medium text-slate-700">
            {t('people.who')}
          </label>
          <input {...getInputProps(fields.who, { type: 'text', ariaDescribedBy: fields.who.descriptionId })} key={fields.who.key} autoComplete="off" autoCapitalize="none" spellCheck={false} maxLength={254} className={inputClass} />
          <p id={fields.who.descriptionId} className="text-xs text-slate-500">
            {t('people.whoHint')}
          </p>
          <ErrorList id={fields.who.errorId} errors={fields.who.errors} />
        </div>
        <div className="space-y-1">
          <label htmlFor={fields.role.id} className="block text-sm font-medium text-slate-700">
            {t('people.inviteRole')}
          </label>
          <select {...getSelectProps(fields.role)} key={fields.role.key} className={inputClass}>
            {GROUP_INVITE_ROLES.map((role) => (
              <option key={role} value={role}>
                {t(`role.${role}`)} — {t(`roleHint.${role}`)}
              </option>
            ))}
          </select>
          <ErrorList id={fields.role.errorId} errors={fields.role.errors} />
        </div>
        <SubmitButton>{t('people.send')}</SubmitButton>
      </Form>
    </FormProvider>
  )
}

export function GroupPeopleScreen() {
  const { t, i18n } = useTranslation('groups')
  const timeZone = useRootData()?.ENV.TIME_ZONE ?? 'UTC'
  const { group, members, invitations, me } = useLoaderData<typeof loadGroupPeople>()
  const actionData = useActionData<FormActionData>()
  const myRole = group.viewer.role
  return (
    <GroupSubpage handle={group.handle} titleId="group-people-title" title={t('people.title', { name: group.name })} toast={actionData?.toast} width="max-w-3xl">
      <ul className="space-y-2" data-testid="group-members">
        {members.map((member) => (
          <MemberRow key={member.user._id} member={member} myRole={myRole} isMe={member.user._id === me} />
        ))}
      </ul>
      {invitations ? (
        <>
          <h2 className="mb-2 mt-8 text-lg font-semibold">{t('people.invite')}</h2>
          <InviteForm />
          <h2 className="mb-2 mt-8 text-lg font-semibold">{t('people.pending')}</h2>
          {invitations.length === 0 ? (
            <p className="text-sm text-slate-600">{t('people.noPending')}</p>
          ) : (
            <ul className="space-y-2" data-testid="group-pending">
              {invitations.map((invitation) => (
                <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-slate-200 p-3 text-sm">
                  <span>
                    {invitation.user ? `@${invitation.user.username}` : invitation.email} · {t(`role.${invitation.role}`)}
                    <span className="block text-xs text-slate-500">{t('expires', { date: formatDateTime(invitation.expiresAt, i18n.language, timeZone) })}</span>
                  </span>
                  <Form method="post">
                    <input type="hidden" name="invitationId" value={invitation.id} />
                    <SubmitButton name="intent" value="withdraw" variant="secondary">
                      {t('people.withdraw')}
                    </SubmitButton>
                  </Form>
                </li>
              ))}
            </ul>
          )}
        </>
      ) : null}
    </GroupSubpage>
  )
}
