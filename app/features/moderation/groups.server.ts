// Console → Groups (issue 45): the groups (GET /admin/groups, by status and search) and a moderator's decision on
// one (PATCH /admin/groups/{handle}): approve, suspend, restore or delete, with a reason for all but approval. One
// plain form per row; a refused one comes back with what was typed and why.
import { data } from '@remix-run/node'
import { groupDecisionFormSchema } from '#contract'
import { parseWithZod, replyWithApiError } from '~/utils/submission.server'
import { ApiError, ok, type Api } from '~/utils/api.server'
import { readFormData } from '~/utils/form.server'
import { redirectWithToast } from '~/utils/toast.server'
import { pageOrQueryError, queryOf } from './moderation.server'

const PATH = '/moderation/groups'

export async function loadGroupsTab(request: Request, api: Api) {
  const query = queryOf(new URL(request.url), ['status', 'q', 'page'])
  const { page, queryError } = await pageOrQueryError(
    ok(api.typed.GET('/admin/groups', { params: { query: query as { status?: 'PENDING'; q?: string; page?: number } } })),
    { items: [], page: 1, hasMore: false },
  )
  return { groups: page, query, queryError }
}

export async function decideOnGroup(request: Request, api: Api) {
  const form = await readFormData(request)
  const submission = parseWithZod(form, { schema: groupDecisionFormSchema })
  const formId = String(form.get('handle') ?? '').slice(0, 100)
  if (submission.status !== 'success') return data({ formId, result: submission.reply() }, { status: 400 })
  const { handle, decision, reason } = submission.value
  try {
    await ok(api.typed.PATCH('/admin/groups/{handle}', { params: { path: { handle } }, body: { decision, reason } }))
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error
    return data({ formId, result: replyWithApiError(submission, error) }, { status: error.status })
  }
  return redirectWithToast(PATH + (new URL(request.url).search || ''), { type: 'success', message: 'moderation:groups.toast', values: { handle } })
}
