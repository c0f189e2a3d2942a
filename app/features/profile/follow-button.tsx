// Follow / Unfollow (SPEC §2 Profile, §4 "Follow toggles. Counts update from the response"). A plain form
// post to /resources/follow without JavaScript; with it a fetcher updates the button and the follower
// count in place (optimistically, then from the answer).
import { useFetcher } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { EnhancedForm } from '~/components/forms/enhanced-form'

export type FollowActionData =
  | { ok: true; userId: string; followers: number; isFollowing: boolean }
  | { ok: false; message: string }

/** The follow state to show: the fetcher's answer or pending intent, else the loader's. */
export function useFollowState(userId: string, initial: { followers: number; isFollowing: boolean }) {
  const fetcher = useFetcher<FollowActionData>({ key: `follow-${userId}` })
  let state = initial
  if (fetcher.data?.ok && fetcher.data.userId === userId && fetcher.state === 'idle')
    state = { followers: fetcher.data.followers, isFollowing: fetcher.data.isFollowing }
  const pending = fetcher.formData?.get('intent')
  if (pending === 'follow' || pending === 'unfollow') {
    const isFollowing = pending === 'follow'
    state = {
      isFollowing,
      followers: initial.followers + (isFollowing === initial.isFollowing ? 0 : isFollowing ? 1 : -1),
    }
  }
  const error = fetcher.data && !fetcher.data.ok && fetcher.state === 'idle' ? fetcher.data.message : null
  return { fetcher, state, error }
}

export function FollowButton({
  userId,
  name,
  followers,
  isFollowing,
  redirectTo,
  size = 'md',
}: {
  userId: string
  name: string
  followers: number
  isFollowing: boolean
  /** Where the form returns without JavaScript. */
  redirectTo: string
  size?: 'sm' | 'md'
}) {
  const { t } = useTranslation('profile')
  const { fetcher, state, error } = useFollowState(userId, { followers, isFollowing })
  const following = state.isFollowing
  const padding = size === 'sm' ? 'px-3 py-1.5 text-xs' : 'px-4 py-2 text-sm'
  return (
    <EnhancedForm fetcher={fetcher} action="/resources/follow" className="inline-flex flex-col items-start gap-1">
      <input type="hidden" name="userId" value={userId} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <button
        type="submit"
        name="intent"
        value={following ? 'unfollow' : 'follow'}
        aria-label={`${following ? t('unfollow') : t('follow')}: ${name}`}
        className={`rounded-md font-semibold shadow-sm ${padding} ${
          following
            ? 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50'
            : 'bg-brand-600 text-white hover:bg-brand-700'
        }`}
      >
        {following ? t('unfollow') : t('follow')}
      </button>
      {error ? (
        <p role="alert" className="text-xs text-red-700">
          {error}
        </p>
      ) : null}
    </EnhancedForm>
  )
}
