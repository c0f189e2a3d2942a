// Settings → Profile: PATCH /profile/my and the avatar (POST /profile/upload, DELETE /profile/avatar), with the
// toasts of SPEC §8: 'Данные успешно изменены!' / 'Ошибка при изменении данных', 'Данные успешно отправлены!' /
// 'Ошибка при отправке данных', 'Файл успешно удален!' / 'Ошибка при удалении' (English twins in
// contract/messages.ts).
import { parseWithZod } from '@conform-to/zod/v4'
import { data } from '@remix-run/node'
import { profileFormSchema, profileFormToUpdate, type Profile } from '#contract'
import { invalid, replyWithApiError, type FormActionData } from '~/utils/submission.server'
import { loadProfile } from '~/features/profile/profile.server'
import { ApiError, ok, type Api } from '~/utils/api.server'
import { avatarIntent, avatarToast, failureToast } from '~/features/photos/avatar-intent.server'
import { readFormData } from '~/utils/form.server'
import { redirectWithToast } from '~/utils/toast.server'

const PATH = '/admin/profile/settings/profile'

export async function loadProfileSettings(api: Api) {
  const profile = await loadProfile(api, 'my')
  return data({ profile })
}

/** SPEC §8's failure text with the API's reason, in the user's language. */
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
  const avatar = await avatarIntent(api, formData, {
    back: PATH,
    uploadPath: '/profile/upload',
    remove: () => ok(api.typed.DELETE('/profile/avatar')),
    toast: (upload, refusal) => avatarToast(request, upload, refusal),
  })
  if (avatar) return avatar

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

