// Loader and action of the report form (/event/{id}/report, /profile/{id}/report): signed-out visitors are
// sent to sign in and come back here; nobody reports themselves or their own post.
import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect } from '@remix-run/node'
import { type Event, type Profile, REPORT_LIMITS, reportSchema, type ReportTargetType } from '#contract'
import { apiFailure, invalid } from '~/utils/submission.server'
import { ApiError, getApi, ok, type Api } from '~/utils/api.server'
import { requireActivatedUser } from '~/utils/auth.server'
import { readFormData } from '~/utils/form.server'
import { throwApiStatus } from '~/features/profile/profile.server'
import { redirectWithToast } from '~/utils/toast.server'

export type ReportTarget = { type: ReportTargetType; id: string }

const pagePath = (target: ReportTarget) => `${target.type === 'POST' ? '/event' : '/profile'}/${encodeURIComponent(target.id)}`
const formPath = (target: ReportTarget) => `${pagePath(target)}/report`

/** The name the form shows, and whose it is (no reporting of one's own). */
async function describe(api: Api, target: ReportTarget): Promise<{ name: string; ownerId: string }> {
  try {
    if (target.type === 'POST') {
      const event: Event = await ok(api.typed.GET('/event/{id}', { params: { path: { id: target.id } } }))
      return { name: event.title, ownerId: event.postedBy._id }
    }
    const profile: Profile = await ok(api.typed.GET('/profile/{id}', { params: { path: { id: target.id } } }))
    return { name: `${profile.name} ${profile.lastname}`.trim() || profile.username, ownerId: profile._id }
  } catch (error) {
    return throwApiStatus(error)
  }
}

async function guard(request: Request, target: ReportTarget) {
  if (!(await getApi(request)).isSignedIn()) throw redirect(`/auth?redirectTo=${encodeURIComponent(formPath(target))}`)
  const { api, user } = await requireActivatedUser(request)
  const about = await describe(api, target)
  // One's own post or profile: nothing to report, back to the page.
  if (about.ownerId === user._id) throw redirect(pagePath(target))
  return { api, about }
}

export async function reportLoader(request: Request, target: ReportTarget) {
  const { about } = await guard(request, target)
  return { target, name: about.name, closeTo: pagePath(target) }
}

export async function reportAction(request: Request, target: ReportTarget) {
  const { api } = await guard(request, target)
  const form = await readFormData(request)
  // What is reported comes from the URL, never from the posted fields.
  form.set('targetType', target.type)
  form.set('targetId', target.id)
  const submission = parseWithZod(form, { schema: reportSchema })
  if (submission.status !== 'success') return invalid(submission)
  try {
    await ok(api.typed.POST('/reports', { body: submission.value }))
  } catch (error) {
    if (error instanceof ApiError && error.status === 429) return data(
      { result: submission.reply({ formErrors: [error.body.message] }) },
      { status: 429 },
    )
    return apiFailure(submission, error)
  }
  return redirectWithToast(pagePath(target), { message: 'report:sent', values: { count: REPORT_LIMITS.reviewHours } })
}
