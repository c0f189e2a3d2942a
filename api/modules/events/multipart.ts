// Reads a multipart/form-data (or JSON) body of POST /event, PUT /event/{id}, POST /event/{id}/upload:
// text fields (repeated names become arrays; JSON-string fields of SPEC §7 are parsed) and the photo
// buffers of the `files` field. Size and count limits answer 413/400 with our own codes.
import { EVENT_JSON_FIELDS, parseJsonField } from '#contract'
import type { FastifyRequest } from 'fastify'
import { HttpError } from '../../lib/errors'
import { findInputIssues } from '../../lib/input-scan'
import { readMultipart } from '../../lib/multipart'

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
  const { fields, files } = await readMultipart(req, { fileFields: FILE_FIELDS, errorField: 'files', tooManyFiles: 'tooManyPhotos' })
  return { fields: normalizeFields(fields), files }
}
