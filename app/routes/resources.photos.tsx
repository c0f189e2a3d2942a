// POST multipart `files`: photos kept for a form that is sent next. With JavaScript, the event, place and
// avatar forms send their (already shrunk) photos here first, so that the upload can show its progress and be
// cancelled; the form then names them by token (`staged`), as it does for photos kept across a form that came
// back without JavaScript (app/features/photos/staging.server.ts; the API keeps them, for any web instance).
// Only signed-in, activated people may stage, only images (by their first bytes) up to the API's limits; the
// API checks and re-encodes them again.
import type { ActionFunctionArgs } from '@remix-run/node'
import { EVENT_LIMITS, isWebMessageCode, messages, STAGED_PHOTO_LIMITS, type WebMessageCode } from '#contract'
import { discardStaged, imageType, stagePhotos } from '~/features/photos/staging.server'
import { getLanguage } from '~/i18n.server'
import { requireActivatedUser } from '~/utils/auth.server'
import { ApiError, getApi } from '~/utils/api.server'
import { readFormData } from '~/utils/form.server'


export async function action({ request }: ActionFunctionArgs) {
  await requireActivatedUser(request)
  const api = await getApi(request)
  const language = await getLanguage(request)
  const refuse = (code: WebMessageCode, status: number) =>
    Response.json({ message: messages[language][code], errors: { files: [code] } }, { status })

  const form = await readFormData(request)
  const files = form.getAll('files').filter((value): value is File => value instanceof File && value.size > 0)
  if (files.length === 0) return refuse('uploadPhoto', 400)
  if (files.length > STAGED_PHOTO_LIMITS.filesPerCall) return refuse('tooManyPhotos', 400)
  if (files.some((file) => file.size > EVENT_LIMITS.imageMaxBytes)) return refuse('imageTooLarge', 413)
  for (const file of files) if (!imageType(new Uint8Array(await file.slice(0, 12).arrayBuffer()))) return refuse('unsupportedImage', 415)

  let photos
  try {
    photos = await stagePhotos(api, files)
  } catch (error) {
    // The API's refusal (a limit, a type it does not take) as this route's own answer; the uploader reads the
    // field's first entry as a code, so a code of the browser's texts is passed as that code.
    if (error instanceof ApiError && error.status < 500)
      return isWebMessageCode(error.body.code) ? refuse(error.body.code, error.status) : Response.json(error.body, { status: error.status })
    throw error
  }
  if (photos.length !== files.length) {
    await discardStaged(api, photos.map((photo) => photo.token))
    return refuse('unsupportedImage', 415)
  }
  return Response.json({ photos })
}

// Nothing to read here: a GET is not found.
export function loader() {
  return new Response(null, { status: 404 })
}
