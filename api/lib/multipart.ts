// Reading a multipart/form-data body (@fastify/multipart's parts): text fields (a repeated name becomes an
// array; `name[]` counts as `name`) and the files of the named fields, with the plugin's limits answered as
// 413/400 with our own codes. Used by the event forms and the avatar upload.
import type { FastifyRequest } from 'fastify'
import { HttpError } from './errors'

export interface MultipartBody {
  fields: Record<string, unknown>
  files: Buffer[]
  /** The file names the client gave, in the order of `files`. */
  names: string[]
}

export interface MultipartOptions {
  /** Field names whose files are kept (empty files are skipped). */
  fileFields: ReadonlySet<string>
  /** The field that errors about files are reported on. */
  errorField: string
  /** The code when more files come than the route's limit. */
  tooManyFiles: 'tooManyPhotos' | 'oneAvatar'
}

export async function readMultipart(req: FastifyRequest, options: MultipartOptions): Promise<MultipartBody> {
  const fields: Record<string, unknown> = {}
  const files: Buffer[] = []
  const names: string[] = []
  try {
    for await (const part of req.parts()) {
      const name = part.fieldname.replace(/\[\]$/, '')
      if (part.type === 'file') {
        const buffer = await part.toBuffer()
        if (options.fileFields.has(name) && buffer.length > 0) {
          files.push(buffer)
          names.push(part.filename ?? '')
        }
        continue
      }
      const value = part.value
      if (name in fields) {
        const previous = fields[name]
        fields[name] = Array.isArray(previous) ? [...previous, value] : [previous, value]
      } else fields[name] = value
    }
  } catch (err) {
    const code = (err as { code?: string }).code
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, 'imageTooLarge', { [options.errorField]: ['imageTooLarge'] })
    if (code === 'FST_FILES_LIMIT') throw new HttpError(400, options.tooManyFiles, { [options.errorField]: [options.tooManyFiles] })
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw new HttpError(413, 'payloadTooLarge')
    if (err instanceof HttpError) throw err
    throw new HttpError(400, 'malformedRequest')
  }
  return { fields, files, names }
}
