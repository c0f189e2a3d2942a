// The console's Fediverse tab (decision 040): the known servers (GET /admin/federation/instances) and an
// admin's decision on one (PUT /admin/federation/domains/{domain}), a plain form post either way: the top form
// for a server typed in, one form per row. A refused form comes back with what was typed and the reason why.
import { data } from '@remix-run/node'
import { domainDecisionFormSchema } from '#contract'
import { parseWithZod, replyWithApiError } from '~/utils/submission.server'
import { ApiError, ok, type Api } from '~/utils/api.server'
import { readFormData } from '~/utils/form.server'
import { redirectWithToast } from '~/utils/toast.server'
import { FORM_FIELD } from './fediverse-form'
import { pageOrQueryError, queryOf } from './moderation.server'

const PATH = '/moderation/fediverse'

export async function loadFediverseTab(request: Request, api: Api) {
  const query = queryOf(new URL(request.url), ['page'])
  const { page, queryError } = await pageOrQueryError(
    ok(api.typed.GET('/admin/federation/instances', { params: { query } })),
    { instances: [], page: 1, pageSize: 50, hasMore: false },
  )
  return { servers: page, query, queryError }
}

export async function decideOnServer(request: Request, api: Api) {
  const form = await readFormData(request)
  const formId = String(form.get(FORM_FIELD) ?? 'new').slice(0, 300)
  const submission = parseWithZod(form, { schema: domainDecisionFormSchema })
  if (submission.status !== 'success') return data({ formId, result: submission.reply() }, { status: 400 })
  const { domain, status, reason } = submission.value
  try {
    await ok(api.typed.PUT('/admin/federation/domains/{domain}', { params: { path: { domain } }, body: { status, reason } }))
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error
    return data({ formId, result: replyWithApiError(submission, error) }, { status: error.status })
  }
  const back = PATH + (new URL(request.url).search || '')
  return redirectWithToast(back, { type: 'success', message: 'moderation:fediverse.toast', values: { domain } })
}
