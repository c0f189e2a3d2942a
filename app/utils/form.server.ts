// Reading a form post's body. A script can send any body to any action: a body that is not a form, or a
// form that cannot be read (a broken multipart boundary), answers 415 / 400 instead of a 500;
// the message is a code of contract/messages.ts, shown in the reader's language by the error page.
import { data } from '@remix-run/node'

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data']

export async function readFormData(request: Request): Promise<FormData> {
  const type = (request.headers.get('Content-Type') ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
  if (!FORM_TYPES.includes(type)) throw data({ message: 'unsupportedMediaType' }, { status: 415 })
  try {
    return await request.formData()
  } catch {
    throw data({ message: 'malformedRequest' }, { status: 400 })
  }
}
