// Settings → Profile (/admin/profile/settings/profile): the profile form and the avatar's upload and removal,
// three plain forms that all work without JavaScript. Loader and action: profile.server.ts.
import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatPhone, PROFILE_LIMITS, profileFormSchema, type ProfileForm } from '#contract'
import { ActionToast } from '~/components/forms/action-toast'
import { CheckboxField, Field, FormErrors, FormProvider, TextareaField } from '~/components/forms/field'
import type { FormActionData } from '~/utils/submission.server'
import { SubmitButton } from '~/components/forms/submit-button'
import { useCitySuggestions } from '~/components/layout/search-form'
import { Avatar } from '~/components/ui/avatar'
import { AvatarForms } from '~/features/photos/avatar-form'
import { personName } from '~/features/events/page/meta'
import type { loadProfileSettings } from './profile.server'

/** Every field of the form is a text box, but the email-sharing checkbox. */
type ProfileFormFields = Record<Exclude<keyof ProfileForm, 'shareEmailWithOrganizers'>, string> & { shareEmailWithOrganizers: boolean }

export function ProfileSettings() {
  const { t } = useTranslation('settings')
  const { profile } = useLoaderData<typeof loadProfileSettings>()
  const actionData = useActionData<FormActionData>()
  const [form, fields] = useForm<ProfileFormFields, ProfileForm>({
    lastResult: actionData?.result,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    defaultValue: {
      name: profile.name,
      lastname: profile.lastname,
      username: profile.username,
      phone: formatPhone(profile.phone),
      profession: profile.profession ?? '',
      userBio: profile.userBio ?? '',
      facebook: profile.socialMediaLinks.facebook ?? '',
      instagram: profile.socialMediaLinks.instagram ?? '',
      vk: profile.socialMediaLinks.vk ?? '',
      city: profile.city?.name ?? '',
      shareEmailWithOrganizers: !!profile.shareEmailWithOrganizers,
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: profileFormSchema }),
  })
  const [typedCity, setTypedCity] = useState('')
  const suggestions = useCitySuggestions(typedCity)
  const name = personName(profile)

  return (
    <>
      <h2 className="mb-1 text-xl font-semibold">{t('profile.title')}</h2>
      <p className="mb-5 text-sm text-slate-600">{t('profile.note')}</p>

      <section aria-labelledby="avatar-title" className="mb-8 space-y-3">
        <h3 id="avatar-title" className="font-semibold text-slate-900">
          {t('profile.avatar')}
        </h3>
        <div className="flex flex-wrap items-center gap-4">
          <span data-testid="settings-avatar">
            <Avatar name={name} avatarFile={profile.avatarFile} size="lg" alt={profile.avatarFile ? t('profile.avatarAlt') : ''} />
          </span>
          <AvatarForms label={t('profile.avatarFile')} submitLabel={t('profile.upload')} removeLabel={t('profile.remove')} hasAvatar={!!profile.avatarFile}>
            <p className="text-xs text-slate-500">{t('profile.avatarHint')}</p>
          </AvatarForms>
        </div>
      </section>

      <FormProvider context={form.context}>
        <Form method="post" {...getFormProps(form)} noValidate className="max-w-xl space-y-3">
          <FormErrors formId={form.id} />
          <div className="grid gap-3 sm:grid-cols-2">
            <Field meta={fields.name} label={t('profile.name')} inputProps={{ autoComplete: 'given-name' }} />
            <Field meta={fields.lastname} label={t('profile.lastname')} inputProps={{ autoComplete: 'family-name' }} />
          </div>
          <Field meta={fields.username} label={t('profile.username')} inputProps={{ autoComplete: 'username' }} />
          <Field
            meta={fields.phone}
            label={t('profile.phone')}
            type="tel"
            description={t('profile.phoneHint')}
            inputProps={{ autoComplete: 'tel', inputMode: 'tel' }}
          />
          <Field
            meta={fields.profession}
            label={t('profile.profession')}
            inputProps={{ maxLength: PROFILE_LIMITS.professionMax }}
          />
          <TextareaField
            meta={fields.userBio}
            label={t('profile.userBio')}
            textareaProps={{ rows: 4, maxLength: PROFILE_LIMITS.userBioMax }}
          />
          <Field
            meta={fields.city}
            label={t('profile.city')}
            description={t('profile.cityHint')}
            inputProps={{
              autoComplete: 'address-level2',
              list: suggestions.length ? 'profile-city-suggestions' : undefined,
              onChange: (event) => setTypedCity(event.currentTarget.value),
              maxLength: PROFILE_LIMITS.cityNameMax,
            }}
          />
          <datalist id="profile-city-suggestions">
            {suggestions.map((suggestion) => (
              <option key={suggestion.id} value={suggestion.city}>
                {suggestion.country}
              </option>
            ))}
          </datalist>
          <fieldset className="space-y-3">
            <legend className="mb-1 text-sm font-semibold text-slate-900">{t('profile.links')}</legend>
            {(['facebook', 'instagram', 'vk'] as const).map((network) => (
              <Field
                key={network}
                meta={fields[network]}
                label={t(`profile.${network}`)}
                type="url"
                description={t('profile.linkHint')}
                inputProps={{ inputMode: 'url', placeholder: 'https://' }}
              />
            ))}
          </fieldset>
          <CheckboxField meta={fields.shareEmailWithOrganizers} label={t('profile.shareEmail')} />
          <SubmitButton>{t('profile.submit')}</SubmitButton>
        </Form>
      </FormProvider>
      <ActionToast toast={actionData?.toast} />
    </>
  )
}
