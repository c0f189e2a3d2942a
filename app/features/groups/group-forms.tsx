// The new-group form (/groups/new) and a group's settings (/groups/{handle}/settings: its name and description, and
// deleting it) — conform forms over the contract's schemas, checked again by the API; what was typed stays when the
// API refuses it (a handle someone has, say). Without JavaScript the server checks the same schema.
import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { createGroupBodySchema, groupSettingsIntentSchema } from '#contract'
import { Field, FormErrors, FormProvider, TextareaField } from '~/components/forms/field'
import { SubmitButton } from '~/components/forms/submit-button'
import type { FormActionData } from '~/utils/submission.server'
import type { loadGroupSettings } from './groups.server'
import { GroupSubpage } from './group-subpage'
import { AvatarForms } from '~/features/photos/avatar-form'
import { GroupAvatar } from './group-avatar'

export function NewGroupScreen() {
  const { t } = useTranslation('groups')
  const actionData = useActionData<FormActionData>()
  const [form, fields] = useForm({
    id: 'new-group',
    lastResult: actionData?.result,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: createGroupBodySchema.strip() }),
  })
  return (
    <section aria-labelledby="new-group-title" className="mx-auto max-w-xl py-4">
      <h1 id="new-group-title" className="mb-4 text-2xl font-semibold text-slate-900">
        {t('form.title')}
      </h1>
      <FormProvider context={form.context}>
        <Form method="post" {...getFormProps(form)} noValidate className="space-y-4">
          <FormErrors formId={form.id} />
          <Field meta={fields.name} label={t('form.name')} inputProps={{ maxLength: 100, autoComplete: 'organization' }} />
          <Field
            meta={fields.handle}
            label={t('form.handle')}
            description={t('form.handleHint')}
            inputProps={{ maxLength: 30, autoComplete: 'off', autoCapitalize: 'none', spellCheck: false }}
          />
          <TextareaField meta={fields.description} label={t('form.description')} textareaProps={{ rows: 4, maxLength: 2000 }} />
          <SubmitButton>{t('form.create')}</SubmitButton>
        </Form>
      </FormProvider>
    </section>
  )
}

export function GroupSettingsScreen() {
  const { t } = useTranslation('groups')
  const { group } = useLoaderData<typeof loadGroupSettings>()
  const actionData = useActionData<FormActionData>()
  const [form, fields] = useForm({
    id: 'group-settings',
    lastResult: actionData?.result?.initialValue?.intent === 'save' ? actionData.result : undefined,
    defaultValue: { name: group.name, description: group.description },
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: groupSettingsIntentSchema }),
  })
  return (
    <GroupSubpage handle={group.handle} titleId="group-settings-title" title={t('settings.title', { name: group.name })} toast={actionData?.toast} width="max-w-xl">
      <FormProvider context={form.context}>
        <Form method="post" {...getFormProps(form)} noValidate className="space-y-4">
          <FormErrors formId={form.id} />
          <input type="hidden" name="intent" value="save" />
          <Field meta={fields.name} label={t('form.name')} inputProps={{ maxLength: 100 }} />
          <TextareaField meta={fields.description} label={t('form.description')} textareaProps={{ rows: 4, maxLength: 2000 }} />
          <SubmitButton>{t('form.save')}</SubmitButton>
        </Form>
      </FormProvider>
      <section aria-labelledby="group-avatar-title" className="mt-8">
        <h2 id="group-avatar-title" className="text-base font-semibold text-slate-900">
          {t('settings.avatar')}
        </h2>
        <div className="mt-2 flex items-start gap-4">
          <GroupAvatar group={group} size="lg" />
          <AvatarForms label={t('settings.avatarFile')} submitLabel={t('settings.avatarUpload')} removeLabel={t('settings.avatarRemove')} hasAvatar={!!group.avatarUrl} />
        </div>
      </section>
      {group.viewer.role === 'owner' ? (
        <details className="mt-8 rounded-md border border-red-200 p-3 text-sm">
          <summary className="cursor-pointer font-semibold text-red-800">{t('settings.delete')}</summary>
          <p className="mt-2 text-slate-700">{t('settings.deleteHint')}</p>
          <Form method="post" className="mt-3">
            <SubmitButton name="intent" value="delete" className="bg-red-700 hover:bg-red-800">
              {t('settings.deleteConfirm', { name: group.name })}
            </SubmitButton>
          </Form>
        </details>
      ) : null}
    </GroupSubpage>
  )
}
