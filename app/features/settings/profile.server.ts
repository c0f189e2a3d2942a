// Settings → Profile: PATCH /profile/my and the avatar (POST /profile/upload, DELETE /profile/avatar), with the
// toasts of SPEC §8: 'Данные успешно изменены!' / 'Ошибка при изменении данных', 'Данные успешно отправлены!' /
// 'Ошибка при отправке данных', 'Файл успешно удален!' / 'Ошибка при удалении' (English twins in
// contract/messages.ts).
import { parseWithZod } from '@conform-to/zod/v4'
import { data } from '@remix-run/node'
import { messages, profileFormSchema, profileFormToUpdate, type MessageCode, type Profile } from '#contract'
import { invalid, replyWithApiError, type FormActionData } from '~/utils/submission.server'
import { loadProfile } from '~/features/profile/profile.server'
import { getLanguage } from '~/i18n.server'
import { ApiError, ok, type Api } from '~/utils/api.server'
import { avatarBody } from '~/features/photos/staging.server'
import { readFormData } from '~/utils/form.server'
import { redirectWithToast, toastInLanguage, type Toast } from '~/utils/toast.server'

const PATH = '/admin/profile/settings/profile'

export async function loadProfileSettings(api: Api) {
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

/** The avatar's upload or removal (intent), or the profile form: PATCH /profile/my with the city resolved. */
export async function saveProfileSettings(request: Request, api: Api) {
  const formData = await readFormData(request)
  const intent = formData.get('intent')

  if (intent === 'uploadAvatar' || intent === 'removeAvatar') {
    const upload = intent === 'uploadAvatar'
    try {
      if (upload) {
        // Multipart: the API's OpenAPI document declares no body for it, so a hand-written call (decision 017).
        await api.post('/profile/upload', await avatarBody(api, formData))
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

