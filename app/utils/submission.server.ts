// Server side of the forms: the shape every form action answers with, and API errors turned into
// conform results (SPEC §8: a refused request shows the response message and its field errors).
import type { Submission, SubmissionResult } from '@conform-to/react'
// Actions whose page checks its form lazily (the auth screens: use-auth-validation.ts) take conform's zod
// parsing from here: a `.server` module is empty in the browser build, while an import of @conform-to/zod
// used only by an action would stay there with zod (the package does not declare itself side-effect free).
export { parseWithZod } from '@conform-to/zod/v4'
import { data } from '@remix-run/node'
import { ApiError } from '~/utils/api.server'
import type { Toast } from '~/utils/toast.server'

export type FormActionData = {
  result: SubmissionResult<string[]>
  /** An error toast for the failures that SPEC §8 reports with a toast (rendered by the route itself). */
  toast?: Toast | null
}

type AnySubmission = Submission<unknown, string[], unknown>

/** 400 with the form's errors: typed values come back, the fields in `hideFields` (passwords) do not. */
export function invalid(submission: AnySubmission, hideFields: string[] = [], init?: ResponseInit) {
  return data<FormActionData>({ result: submission.reply({ hideFields }) }, { status: 400, ...init })
}

/**
 * The reply of an API refusal: `errors` of the form's own fields on those fields; the message, and the
 * errors of fields the form does not have (e.g. the reset link's `activatedLink`), as form errors.
 */
export function replyWithApiError(
  submission: AnySubmission,
  error: ApiError,
  options: { hideFields?: string[]; formError?: boolean } = {},
): SubmissionResult<string[]> {
  const formFields = new Set(Object.keys(submission.payload))
  const fieldErrors: Record<string, string[]> = {}
  const otherErrors: string[] = []
  for (const [field, messages] of Object.entries(error.body.errors)) {
    if (!messages.length) continue
    if (formFields.has(field)) fieldErrors[field] = messages
    else otherErrors.push(...messages)
  }
  const shownOnFields = Object.values(fieldErrors).flat()
  const formErrors = [
    ...new Set([...(options.formError === false ? [] : [error.body.message]), ...otherErrors]),
  ].filter((message) => !shownOnFields.includes(message))
  return submission.reply({ formErrors, fieldErrors, hideFields: options.hideFields ?? [] })
}

/** 400 with an API refusal on the form; anything that is not an API refusal is rethrown. */
export function apiFailure(
  submission: AnySubmission,
  error: unknown,
  options: { hideFields?: string[]; toast?: boolean; headers?: HeadersInit } = {},
) {
  if (!(error instanceof ApiError)) throw error
  const result = replyWithApiError(submission, error, {
    hideFields: options.hideFields,
    formError: !options.toast,
  })
  const toast: Toast | null = options.toast ? { type: 'error', message: error.body.message } : null
  return data<FormActionData>({ result, toast }, { status: 400, headers: options.headers })
}
