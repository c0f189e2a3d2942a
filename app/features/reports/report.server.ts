// Loader and action of the report form (/event/{id}/report, /profile/{id}/report, /groups/{handle}/report):
// signed-out visitors are sent to sign in and come back here; nobody reports themselves, their own post or a group
// they are in.
import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect } from '@remix-run/node'
import { type Event, type Group, type Profile, REPORT_LIMITS, reportSchema, type ReportTargetType } from '#contract'
import { apiFailure, invalid } from '~/utils/submission.server'
import { ApiError, getApi, ok, type Api } from '~/utils/api.server'
import { requireActivatedUser } from '~/utils/auth.server'
import { readFormData } from '~/utils/form.server'
import { throwApiStatus } from '~/features/profile/profile.server'
import { redirectWithToast } from '~/utils/toast.server'

/** What is reported, as its page's URL names it: a post's or a person's id, a group's handle. */
export type ReportTarget = { type: ReportTargetType; id: string }

const PAGES: Record<ReportTargetType, string> = { POST: '/event', USER: '/profile', GROUP: '/groups' }
const pagePath = (target: ReportTarget) => `${PAGES[target.type]}/${encodeURIComponent(target.id)}`
const formPath = (target: ReportTarget) => `${pagePath(target)}/report`

/** The name the form shows, the id the API knows it by, and whether it is the reporter's own (no reporting it). */
async function describe(api: Api, target: ReportTarget, me: string): Promise<{ name: string; targetId: string; isOwn: boolean }> {
  try {
    if (target.type === 'POST') {
      const event: Event = await ok(api.typed.GET('/event/{id}', { params: { path: { id: target.id } } }))
      return { name: event.title, targetId: event._id, isOwn: event.postedBy._id === me }
    }
    if (target.type === 'GROUP') {
      const group: Group = await ok(api.typed.GET('/groups/{handle}', { params: { path: { handle: target.id } } }))
      return { name: group.name, targetId: group.id, isOwn: group.viewer.role !== null }
    }
    const profile: Profile = await ok(api.typed.GET('/profile/{id}', { params: { path: { id: target.id } } }))
    return { name: `${profile.name} ${profile.lastname}`.trim() || profile.username, targetId: profile._id, isOwn: profile._id === me }
  } catch (error) {
    return throwApiStatus(error)
  }
}

async function guard(request: Request, target: ReportTarget) {
  if (!(await getApi(request)).isSignedIn()) throw redirect(`/auth?redirectTo=${encodeURIComponent(formPath(target))}`)
  const { api, user } = await requireActivatedUser(request)
  const about = await describe(api, target, user._id)
  // One's own post, profile or group: nothing to report, back to the page.
  if (about.isOwn) throw redirect(pagePath(target))
  return { api, about }
}

export async function reportLoader(request: Request, target: ReportTarget) {
  const { about } = await guard(request, target)
  return { target, name: about.name, closeTo: pagePath(target) }
}

export async function reportAction(request: Request, target: ReportTarget) {
  const { api, about } = await guard(request, target)
  const form = await readFormData(request)
  // What is reported comes from the URL, never from the posted fields.
  form.set('targetType', target.type)
  form.set('targetId', about.targetId)
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
