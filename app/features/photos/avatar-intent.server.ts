// The avatar's two buttons of a settings form (intent uploadAvatar / removeAvatar): a person's (Settings →
// Profile), a person's in the console's user editor, a group's (its settings). The upload is forwarded as multipart
// (the API's OpenAPI document declares no body for it: a hand-written call, decision 017); then back with a toast.
import { type MessageCode, messages } from '#contract'
import { getLanguage } from '~/i18n.server'
import { ApiError, type Api } from '~/utils/api.server'
import { redirectWithToast, type Toast, toastInLanguage, type ToastInput } from '~/utils/toast.server'
import { avatarBody } from './staging.server'

export interface AvatarCalls {
  /** Where the page is (the redirect after either button). */
  back: string
  /** The API's multipart upload path. */
  uploadPath: string
  remove(): Promise<unknown>
  /** The toast after it worked, or after the API refused it (4xx). */
  toast(upload: boolean, refusal?: ApiError): ToastInput | Promise<ToastInput>
}

/** The redirect after an avatar button, or null when the form is about something else. */
export async function avatarIntent(api: Api, form: FormData, calls: AvatarCalls): Promise<Response | null> {
  const intent = form.get('intent')
  if (intent !== 'uploadAvatar' && intent !== 'removeAvatar') return null
  const upload = intent === 'uploadAvatar'
  try {
    if (upload) await api.post(calls.uploadPath, await avatarBody(api, form))
    else await calls.remove()
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error
    return redirectWithToast(calls.back, await calls.toast(upload, error))
  }
  return redirectWithToast(calls.back, await calls.toast(upload))
}

/** The toasts of SPEC §8 for the avatar's buttons ('Данные успешно отправлены!' / 'Файл успешно удален!'; a refusal
 * says which failed and why, in the reader's language). */
export async function avatarToast(request: Request, upload: boolean, refusal?: ApiError): Promise<ToastInput> {
  if (!refusal) return { message: `validation:${upload ? 'photoUploaded' : 'photoDeleted'}` }
  return failureToast(request, upload ? 'photoUploadFailed' : 'photoDeleteFailed', refusal)
}

/** "What failed: why", in the reader's language (the API's refusal is already in it). */
export async function failureToast(request: Request, failure: MessageCode, error: ApiError): Promise<Toast> {
  const language = await getLanguage(request)
  return toastInLanguage({ type: 'error', message: 'failedBecause', values: { failure: messages[language][failure], reason: error.body.message } }, language)
}
