// Reads a multipart/form-data (or JSON) body of POST /event, PUT /event/{id}, POST /event/{id}/upload:
// text fields (repeated names become arrays; JSON-string fields of SPEC §7 are parsed) and the photo
// buffers of the `files` field. Size and count limits answer 413/400 with our own codes.
import { EVENT_JSON_FIELDS, parseJsonField } from '#contract'
import type { FastifyRequest } from 'fastify'
import { HttpError } from '../../lib/errors'
import { findInputIssues } from '../../lib/input-scan'

export interface ParsedBody {
  fields: Record<string, unknown>
  files: Buffer[]
}

const FILE_FIELDS = new Set(['files', 'file', 'images', 'photos'])

export function normalizeFields(raw: Record<string, unknown>): Record<string, unknown> {
  const fields: Record<string, unknown> = { ...raw }
  for (const key of EVENT_JSON_FIELDS) {
    const v = fields[key]
    if (typeof v === 'string') fields[key] = parseJsonField(v)
    // categories may come as repeated text fields: ['kids', 'movie'] (already an array)
  }
  // A NUL or a JSON field nested too deep is named by its form field.
  const bad = new Set(Object.keys(findInputIssues(fields)).map((path) => path.split('.')[0]!))
  if (bad.size > 0)
    throw new HttpError(400, 'validationFailed', Object.fromEntries([...bad].map((k) => [k, ['invalidValue' as const]])))
  return fields
}

export async function readBody(req: FastifyRequest): Promise<ParsedBody> {
  if (!req.isMultipart()) {
    const body = req.body
    const fields = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {}
    return { fields: normalizeFields(fields), files: [] }
  }
  const raw: Record<string, unknown> = {}
  const files: Buffer[] = []
  try {
    for await (const part of req.parts()) {
      const name = part.fieldname.replace(/\[\]$/, '')
      if (part.type === 'file') {
        const buf = await part.toBuffer()
        if (FILE_FIELDS.has(name) && buf.length > 0) files.push(buf)
        continue
      }
      const value = part.value
      if (name in raw) {
        const prev = raw[name]
        raw[name] = Array.isArray(prev) ? [...prev, value] : [prev, value]
      } else raw[name] = value
    }
  } catch (err) {
    const code = (err as { code?: string }).code
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, 'imageTooLarge', { files: ['imageTooLarge'] })
    if (code === 'FST_FILES_LIMIT') throw new HttpError(400, 'tooManyPhotos', { files: ['tooManyPhotos'] })
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw new HttpError(413, 'payloadTooLarge')
    if (err instanceof HttpError) throw err
    throw new HttpError(400, 'malformedRequest')
  }
  return { fields: normalizeFields(raw), files }
}
