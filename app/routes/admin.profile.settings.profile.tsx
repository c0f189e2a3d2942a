// /admin/profile/settings/profile: edit the profile (PATCH /profile/my) and the avatar (POST /profile/upload,
// DELETE /profile/avatar), with the toasts of SPEC §8: 'Данные успешно изменены!' / 'Ошибка при изменении
// данных', 'Данные успешно отправлены!' / 'Ошибка при отправке данных', 'Файл успешно удален!' / 'Ошибка
// при удалении' (English twins in contract/messages.ts). Three plain forms; all work without JavaScript.
import { routeTexts } from '~/locales/load'
import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { useState } from 'react'
import { useTranslation } from '~/utils/use-translation'
import {
  formatPhone,
  messages,
  PROFILE_LIMITS,
  profileFormSchema,
  profileFormToUpdate,
  type MessageCode,
  type ProfileForm,
  type Profile,
} from '#contract'
import { ActionToast } from '~/components/forms/action-toast'
import { Field, FormErrors, FormProvider, TextareaField } from '~/components/forms/field'
import { invalid, replyWithApiError, type FormActionData } from '~/components/forms/submission.server'
import { SubmitButton } from '~/components/forms/submit-button'
import { personName } from '~/features/events/page/meta'
import { useCitySuggestions } from '~/components/layout/search-form'
import { loadProfile } from '~/features/profile/profile.server'
import { Avatar } from '~/components/ui/avatar'
import { getLanguage } from '~/language.server'
import { ApiError, ok, type Api } from '~/utils/api.server'
import { requireActivatedUser } from '~/utils/auth.server'
import { redirectWithToast, toastInLanguage, type Toast } from '~/utils/toast.server'
import { readFormData } from '~/utils/form.server'

/** The texts of this screen beyond the root's (app/i18n.ts). */
export const handle = routeTexts({ i18n: ['settings'] })

const PATH = '/admin/profile/settings/profile'

/** Every field of the form is a text box. */
type ProfileFormFields = Record<keyof ProfileForm, string>

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireActivatedUser(request)
  const profile = await loadProfile(api, 'my')
  return data({ profile })
}

/** SPEC §8's failure text with the API's reason, in the user's language. */
async function failureToast(request: Request, failure: MessageCode, error: ApiError): Promise<Toast> {
  const language = await getLanguage(request)
  return toastInLanguage(
    { type: 'error', message: 'failedBecause', values: { failure: messages[language][failure], reason: error.body.message } },
    language,
  )
}

/** The typed city as PATCH /profile/my's city: null to clear, the best suggestion, or 'notFound'. */
async function resolveCity(api: Api, typed: string | null | undefined, current: Profile['city']) {
  if (!typed) return null
  if (current?.name && typed.toLocaleLowerCase() === current.name.toLocaleLowerCase()) return undefined
  const suggestions = await ok(api.typedAsVisitor.POST('/city', { body: { city: typed } }))
  const best =
    suggestions.find((suggestion) => suggestion.city.toLocaleLowerCase() === typed.toLocaleLowerCase()) ?? suggestions[0]
  if (!best) return 'notFound' as const
  const [longitude, latitude] = best.coordinates
  return { name: best.city, latitude, longitude }
}

export async function action({ request }: ActionFunctionArgs) {
  const { api } = await requireActivatedUser(request)
  const formData = await readFormData(request)
  const intent = formData.get('intent')

  if (intent === 'uploadAvatar' || intent === 'removeAvatar') {
    const upload = intent === 'uploadAvatar'
    try {
      if (upload) {
        const file = formData.get('file')
        const body = new FormData()
        // An empty choice goes on to the API too, which answers 'Upload a photo!'.
        if (file instanceof File && file.size > 0) body.append('file', file, file.name)
        // Multipart: the API's OpenAPI document declares no body for it, so a hand-written call (decision 017).
        await api.post('/profile/upload', body)
      } else {
        await ok(api.typed.DELETE('/profile/avatar'))
      }
    } catch (error) {
      if (!(error instanceof ApiError) || error.status >= 500) throw error
      const toast = await failureToast(request, upload ? 'photoUploadFailed' : 'photoDeleteFailed', error)
      return redirectWithToast(PATH, toast)
    }
    return redirectWithToast(PATH, { message: `validation:${upload ? 'photoUploaded' : 'photoDeleted'}` })
  }

  const submission = parseWithZod(formData, { schema: profileFormSchema })
  if (submission.status !== 'success') return invalid(submission, [])
  try {
    const current = await ok(api.typed.GET('/profile/my'))
    const city = await resolveCity(api, submission.value.city, current.city)
    if (city === 'notFound')
      return data<FormActionData>(
        { result: submission.reply({ fieldErrors: { city: ['cityNotFound'] } }) },
        { status: 400 },
      )
    const body = { ...profileFormToUpdate(submission.value), ...(city === undefined ? {} : { city }) }
    await ok(api.typed.PATCH('/profile/my', { body }))
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error
    // Field errors on their fields (nothing typed is lost); the SPEC §8 failure text as a toast.
    const result = replyWithApiError(submission, error, { formError: false })
    return data<FormActionData>(
      { result, toast: await failureToast(request, 'profileUpdateFailed', error) },
      { status: 400 },
    )
  }
  return redirectWithToast(PATH, { message: 'validation:profileUpdated' })
}

export default function ProfileSettings() {
  const { t } = useTranslation('settings')
  const { profile } = useLoaderData<typeof loader>()
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
          <div className="space-y-2">
            <Form method="post" encType="multipart/form-data" className="flex flex-wrap items-end gap-2">
              <label className="block text-sm">
                <span className="mb-1 block font-medium text-slate-700">{t('profile.avatarFile')}</span>
                <input type="file" name="file" accept="image/jpeg,image/png,image/webp" required className="block text-sm" />
              </label>
              <SubmitButton name="intent" value="uploadAvatar">
                {t('profile.upload')}
              </SubmitButton>
            </Form>
            {profile.avatarFile ? (
              <Form method="post">
                <SubmitButton variant="secondary" name="intent" value="removeAvatar">
                  {t('profile.remove')}
                </SubmitButton>
              </Form>
            ) : null}
            <p className="text-xs text-slate-500">{t('profile.avatarHint')}</p>
          </div>
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
          <SubmitButton>{t('profile.submit')}</SubmitButton>
        </Form>
      </FormProvider>
      <ActionToast toast={actionData?.toast} />
    </>
  )
}
