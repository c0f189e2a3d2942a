// Follow / Unfollow (POST /resources/follow {userId, intent: follow|unfollow, redirectTo}): every button of the
// web (profile page, followers/following tables). It asks the API for the state wanted ({follow: true|false}), so
// a repeated post (double click, reload without JavaScript) never flips it back. Without JavaScript the
// answer is a redirect to redirectTo with a toast; a fetcher (the ENHANCED_FIELD) gets the new counts.
import { data, redirect } from '@remix-run/node'
import { z } from 'zod'
import { ENHANCED_FIELD } from '~/utils/enhanced'
import { personName } from '~/features/events/page/meta'
import type { FollowActionData } from './follow-button'
import { ApiError, getApi, ok } from '~/utils/api.server'
import { safeRedirect } from '~/utils/redirect'
import { createToastHeaders, redirectWithToast } from '~/utils/toast.server'
import { readFormData } from '~/utils/form.server'

const followFormSchema = z.object({
  intent: z.enum(['follow', 'unfollow']),
  userId: z.string().trim().min(1).max(100),
  redirectTo: z.string().optional(),
})

export async function follow(request: Request) {
  const api = await getApi(request)
  const formData = await readFormData(request)
  const enhanced = formData.get(ENHANCED_FIELD) === '1'
  const parsed = followFormSchema.safeParse(Object.fromEntries(formData))
  const back = safeRedirect(parsed.data?.redirectTo ?? null, '/users')
  if (!parsed.success) return redirect(back)
  // Signed out (or the session just ended): sign in first, then back to the same page.
  if (!api.isSignedIn()) return redirect(`/auth?redirectTo=${encodeURIComponent(back)}`)

  const { intent, userId } = parsed.data
  try {
    // The state wanted, set atomically by the API (a repeated post never flips it back); the name is for the toast.
    const [state, person] = await Promise.all([
      ok(api.typed.PUT('/profile/{id}/follow', { params: { path: { id: userId } }, body: { follow: intent === 'follow' } })),
      ok(api.typed.GET('/profile/{id}', { params: { path: { id: userId } } })),
    ])
    const toast = {
      message: state.isFollowing ? 'profile:followed' : 'profile:unfollowed',
      values: { name: personName(person) },
    }
    if (enhanced)
      return data<FollowActionData>(
        { ok: true, userId, ...state },
        { headers: await createToastHeaders(toast) },
      )
    return redirectWithToast(back, toast)
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    if (error.status === 401) return redirect(`/auth?redirectTo=${encodeURIComponent(back)}`)
    if (enhanced)
      return data<FollowActionData>(
        { ok: false, message: error.body.message },
        { status: error.status >= 500 ? 502 : error.status },
      )
    return redirectWithToast(back, { type: 'error', message: error.body.message })
  }
}
