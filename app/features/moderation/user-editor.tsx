// The console's user editor (SPEC §2 "Admin modals edit a user", §4): a 620 px modal whose open state is the
// URL (/moderation/users/{id}); without JavaScript it is the same forms on a page.
import { getFormProps, getSelectProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import {
  ADMIN_LIMITS,
  adminUserFormSchema,
  type AdminUserForm,
  MODERATION_STATUSES,
  ROLES,
  type User,
} from '#contract'
import { CheckboxField, ErrorList, Field, FormErrors, FormProvider } from '~/components/forms/field'
import type { FormActionData } from '~/utils/submission.server'
import { SubmitButton } from '~/components/forms/submit-button'
import { Avatar } from '~/components/ui/avatar'
import { AvatarForms } from '~/features/photos/avatar-form'
import { UrlModal } from '~/components/ui/url-modal'

type Fields = Record<Exclude<keyof AdminUserForm, 'isActivated'>, string> & { isActivated: boolean }

export function UserEditor({
  user,
  actionData,
  closeTo,
}: {
  user: User
  actionData: FormActionData | undefined
  closeTo: string
}) {
  const { t } = useTranslation('moderation')
  const [form, fields] = useForm<Fields, AdminUserForm>({
    lastResult: actionData?.result,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    defaultValue: {
      name: user.name,
      lastname: user.lastname,
      username: user.username,
      role: user.role,
      isActivated: user.isActivated,
      moderationStatus: user.moderationStatus,
      moderationImageStatus: user.moderationImageStatus,
      reason: '',
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: adminUserFormSchema }),
  })
  const fullName = `${user.name} ${user.lastname}`.trim() || user.username
  // SPEC §4: users take APPROVED or REJECTED here; a PENDING one keeps PENDING until a moderator picks.
  const statusOptions = (current: string) =>
    MODERATION_STATUSES.filter((s) => s !== 'PENDING' || current === 'PENDING')
  const select = (
    name: 'role' | 'moderationStatus' | 'moderationImageStatus',
    label: string,
    options: readonly string[],
    text: (v: string) => string,
  ) => {
    const meta = fields[name]
    const { key, ...props } = getSelectProps(meta)
    return (
      <div className="flex flex-col text-sm">
        <label htmlFor={meta.id} className="font-medium text-slate-700">
          {label}
        </label>
        <select key={key} {...props} className="mt-1 rounded-md border border-slate-300 bg-white px-2 py-1.5">
          {options.map((o) => (
            <option key={o} value={o}>
              {text(o)}
            </option>
          ))}
        </select>
        <ErrorList id={meta.errorId} errors={meta.errors} />
      </div>
    )
  }
  return (
    <UrlModal
      title={t('editor.userTitle')}
      closeTo={closeTo}
      closeLabel={t('editor.close')}
      testId="user-editor"
    >
      <section aria-labelledby="editor-avatar" className="mb-6 space-y-2">
        <h3 id="editor-avatar" className="font-semibold text-slate-900">
          {t('editor.avatar')}
        </h3>
        <div className="flex flex-wrap items-center gap-4">
          <span data-testid="editor-avatar">
            <Avatar
              name={fullName}
              avatarFile={user.avatarFile}
              size="lg"
              alt={user.avatarFile ? fullName : ''}
            />
          </span>
          <AvatarForms label={t('editor.chooseFile')} submitLabel={t('editor.uploadAvatar')} removeLabel={t('editor.removeAvatar')} hasAvatar={!!user.avatarFile} />
        </div>
      </section>
      <FormProvider context={form.context}>
        <Form
          method="post"
          {...getFormProps(form)}
          noValidate
          className="space-y-3"
          data-testid="user-editor-form"
        >
          <FormErrors formId={form.id} />
          <div className="grid gap-3 sm:grid-cols-2">
            <Field meta={fields.name} label={t('columns.name')} />
            <Field meta={fields.lastname} label={t('editor.lastname')} />
          </div>
          <Field meta={fields.username} label={t('editor.username')} />
          <div className="grid gap-3 sm:grid-cols-3">
            {select('role', t('columns.role'), ROLES, (r) => t(`roles.${r as 'user'}`))}
            {select(
              'moderationStatus',
              t('filters.moderationStatus'),
              statusOptions(user.moderationStatus),
              (s) => t(`status.${s as 'PENDING'}`),
            )}
            {select(
              'moderationImageStatus',
              t('filters.moderationImageStatus'),
              statusOptions(user.moderationImageStatus),
              (s) => t(`status.${s as 'PENDING'}`),
            )}
          </div>
          <CheckboxField meta={fields.isActivated} label={t('editor.activated')} />
          <Field
            meta={fields.reason}
            label={t('reason')}
            description={t('reasonPlaceholder')}
            inputProps={{ maxLength: ADMIN_LIMITS.reasonMax }}
          />
          <div className="flex justify-end">
            <SubmitButton name="intent" value="editUser">
              {t('editor.save')}
            </SubmitButton>
          </div>
        </Form>
      </FormProvider>
    </UrlModal>
  )
}
