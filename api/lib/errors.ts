// Uniform error answers: every 4xx/5xx body is {message, errors} (contract errorResponseSchema),
// translated from message codes into the caller's Accept-Language.
import { type MessageCode, translateMessage, isMessageCode, type Language } from '#contract'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { FastifySchemaCompiler } from 'fastify'
import { isResponseSerializationError } from 'fastify-type-provider-zod'
import type { z } from 'zod'
import { pickLanguage } from './i18n'
import { redactUrl } from './redact-url'

export type FieldErrors = Record<string, MessageCode[]>

/** Thrown by services: an HTTP status, a message code and optional per-field message codes. */
export class HttpError extends Error {
  readonly statusCode: number
  readonly code: MessageCode
  readonly fieldErrors: FieldErrors
  readonly headers: Record<string, string>

  constructor(
    statusCode: number,
    code: MessageCode,
    fieldErrors: FieldErrors = {},
    headers: Record<string, string> = {},
  ) {
    super(code)
    this.name = 'HttpError'
    this.statusCode = statusCode
    this.code = code
    this.fieldErrors = fieldErrors
    this.headers = headers
  }
}

export interface ErrorBody {
  message: string
  errors: Record<string, string[]>
  /** The message code beside its translated text (additive: older clients read only message and errors). */
  code: string
}

export function errorBody(
  code: MessageCode | string,
  fieldErrors: Record<string, string[]>,
  language: Language,
): ErrorBody {
  const errors: Record<string, string[]> = {}
  for (const [field, codes] of Object.entries(fieldErrors)) {
    errors[field] = codes.map((c) => translateMessage(c, language))
  }
  return { message: translateMessage(code, language), errors, code }
}

/**
 * Parses with each issue keeping the value it was about, which tells a missing field from a wrong one (zod 4's
 * issues say neither by default). Every parse whose issues reach `zodIssuesToFieldErrors` goes through here.
 */
export function parseForErrors<T extends z.ZodType>(schema: T, data: unknown) {
  return schema.safeParse(data, { reportInput: true })
}

/** Maps one zod issue to a message code: schema codes stay, zod's own defaults become required/invalidValue. */
export function issueCode(issue: z.core.$ZodIssue): MessageCode {
  // A missing or null field is 'required' whatever message the schema gives wrong types (or, for a choice of
  // values, values not among them).
  const missing = issue.input === undefined || issue.input === null
  if (missing && (issue.code === 'invalid_type' || issue.code === 'invalid_value' || issue.code === 'invalid_union'))
    return 'required'
  if (isMessageCode(issue.message)) return issue.message
  return 'invalidValue'
}

export function zodIssuesToFieldErrors(issues: z.core.$ZodIssue[], prefix?: string): FieldErrors {
  const out: FieldErrors = {}
  for (const issue of issues) {
    const path = issue.path.map(String).join('.')
    const key = path || prefix || 'body'
    const code = issueCode(issue)
    const list = (out[key] ??= [])
    if (!list.includes(code)) list.push(code)
  }
  // A blank field only says it is required (not also 'too short' or 'invalid email').
  for (const [key, codes] of Object.entries(out)) {
    if (codes.includes('required')) out[key] = ['required']
  }
  return out
}

/**
 * Fastify's validator for the routes' zod schemas: a refused body, query, path or header becomes the uniform 400
 * with each field's message codes (keys of a query, path or header part are prefixed by it, e.g. `querystring`).
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const result = parseForErrors(schema, data)
    if (result.success) return { value: result.data }
    const prefix = httpPart && httpPart !== 'body' ? httpPart : undefined
    return { error: validationError(zodIssuesToFieldErrors(result.error.issues, prefix)) }
  }

const STATUS_CODES: Record<number, MessageCode> = {
  400: 'malformedRequest',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'notFound',
  405: 'notFound',
  406: 'malformedRequest',
  413: 'payloadTooLarge',
  415: 'unsupportedMediaType',
  429: 'rateLimited',
}

export function languageOf(request: FastifyRequest): Language {
  return pickLanguage(request.headers['accept-language'])
}

/** 400 validationFailed with these field errors. */
export function validationError(errors: FieldErrors): HttpError {
  return new HttpError(400, 'validationFailed', errors)
}

/** Adds `code` to a field's errors once. */
export function addError(errors: FieldErrors, field: string, code: FieldErrors[string][number]) {
  const list = (errors[field] ??= [])
  if (!list.includes(code)) list.push(code)
}

/** A connection to PostgreSQL could not be made or was lost (refused, reset, timed out in the pool). */
function isDatabaseUnreachable(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code
  if (typeof code === 'string' && ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P03'].includes(code)) return true
  const message = String((error as Error)?.message ?? '')
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable/i.test(message)
}

/** Past this many bytes of an oversized body the connection is cut instead of read to its end. */
const DRAIN_MAX_BYTES = 64 * 1024 * 1024

/** Reads the rest of a request's body and drops it; a body beyond DRAIN_MAX_BYTES ends the connection. */
function drainBody(request: FastifyRequest): Promise<void> {
  const raw = request.raw
  return new Promise((resolve) => {
    let read = 0
    const done = () => {
      raw.off('data', count)
      resolve()
    }
    const count = (chunk: Buffer) => {
      read += chunk.length
      if (read > DRAIN_MAX_BYTES) raw.destroy()
    }
    raw.on('data', count).once('end', done).once('close', done).once('error', done)
    raw.resume()
  })
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(
    async (error: FastifyError | HttpError | Error, request: FastifyRequest, reply: FastifyReply) => {
      // A refusal before the body was read (too large, wrong type, unknown path) is answered once the rest of it
      // has been read and dropped: a client or proxy that writes the whole body before it reads (the web's fetch
      // to the ActivityPub paths) gets the answer rather than a reset connection.
      if (!request.raw.complete) await drainBody(request)
      const language = languageOf(request)
      if (error instanceof HttpError) {
        for (const [k, v] of Object.entries(error.headers)) reply.header(k, v)
        if (error.statusCode >= 500) request.log.error({ err: error }, 'service error')
        return reply.status(error.statusCode).send(errorBody(error.code, error.fieldErrors, language))
      }
      if (isResponseSerializationError(error)) {
        request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema')
        return reply.status(500).send(errorBody('internalError', {}, language))
      }
      const status = (error as FastifyError).statusCode
      if (typeof status === 'number' && status >= 400 && status < 500) {
        // A refused URL's message quotes the URL (FST_ERR_BAD_URL): log it the way the request line is logged.
        const rawPath = request.url.split('?')[0] ?? ''
        const message = rawPath ? error.message.split(rawPath).join(redactUrl(rawPath)) : error.message
        request.log.info({ code: (error as FastifyError).code, msg: message }, 'client error')
        return reply.status(status).send(errorBody(STATUS_CODES[status] ?? 'malformedRequest', {}, language))
      }
      if (isDatabaseUnreachable(error)) {
        // Not a fault of this request: the instance's database is away (a balancer skips a 503 and retries).
        request.log.warn({ err: (error as Error).message }, 'database unreachable')
        return reply.status(503).header('retry-after', '5').send(errorBody('serviceUnavailable', {}, language))
      }
      request.log.error({ err: error }, 'unhandled error')
      return reply.status(500).send(errorBody('internalError', {}, language))
    },
  )

  app.setNotFoundHandler(async (request, reply) => {
    if (!request.raw.complete) await drainBody(request)
    return reply.status(404).send(errorBody('notFound', {}, languageOf(request)))
  })
}
