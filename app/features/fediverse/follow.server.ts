// "Follow from your server" (/fediverse/follow): the API asks the reader's server for its follow page; the reader
// is sent there, or sees what was wrong with what they typed kept.
import { parseWithZod } from '@conform-to/zod/v4'
import { data } from '@remix-run/node'
import { remoteFollowSchema } from '#contract'
import { apiFailure, invalid } from '~/utils/submission.server'
import { getApi, ok } from '~/utils/api.server'
import { readFormData } from '~/utils/form.server'

/** The handle to follow, from the query (the page) — shown as given, checked by the API on submit. */
export function remoteFollowLoader(request: Request) {
  const handle = new URL(request.url).searchParams.get('handle')?.trim().slice(0, 300) ?? ''
  return { handle: /^@?[^@\s]+@[^@\s]+$/.test(handle) ? handle : null }
}

export async function remoteFollowAction(request: Request) {
  const form = await readFormData(request)
  const submission = parseWithZod(form, { schema: remoteFollowSchema })
  if (submission.status !== 'success') return invalid(submission)
  const api = await getApi(request)
  try {
    const { url } = await ok(api.typed.GET('/federation/remote-follow', { params: { query: submission.value } }))
    // Their own server's page (the API checked it is theirs, over https). Not a redirect: the page's policy
    // (form-action 'self') rightly stops a form's redirect to another site, so the screen takes the reader there
    // itself (a link, a refresh without JavaScript, and at once with it).
    return data({ result: submission.reply(), url })
  } catch (error) {
    return apiFailure(submission, error)
  }
}
