// Join/Leave and Like: real <form method="post"> with an intent, so they work without JavaScript (the
// action redirects back with a toast). Once hydrated they go through a keyed fetcher: the action answers
// the new state and the page updates in place (counts from the API's response).
import { useFetcher } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import type { Event, User } from '#contract'
import { useMessage } from '~/components/forms/use-message'
import { EnhancedForm } from '~/components/forms/enhanced-form'
import type { EventActionData } from './shared'

export const PARTICIPATE_FETCHER = 'event-participate'
export const LIKE_FETCHER = 'event-like'

type Counts = {
  isParticipant: boolean
  participantsCount: number
  maxParticipants: number | null
  isLiked: boolean
  likesCount: number
  /** The viewer's place on the waiting list (1 = next), or null. */
  waitlistPosition: number | null
  waitlistCount: number
}

/** The live state: the intent being submitted, then the action's answer, else the loader's event. */
export function useEventCounts(event: Event): Counts {
  const participate = useFetcher<EventActionData>({ key: `${PARTICIPATE_FETCHER}-${event._id}` })
  const like = useFetcher<EventActionData>({ key: `${LIKE_FETCHER}-${event._id}` })
  const counts: Counts = {
    isParticipant: event.isParticipant,
    participantsCount: event.participantsCount,
    maxParticipants: event.maxParticipants,
    isLiked: event.isLiked,
    likesCount: event.likesCount,
    waitlistPosition: event.waitlistPosition,
    waitlistCount: event.waitlistCount,
  }
  if (participate.data?.intent === 'participate') {
    const { intent: _intent, ...state } = participate.data
    for (const [key, value] of Object.entries(state)) if (value !== undefined) Object.assign(counts, { [key]: value })
  }
  if (like.data?.intent === 'like') Object.assign(counts, { isLiked: like.data.isLiked, likesCount: like.data.likesCount })
  return counts
}

export function LoginNotice({ signInUrl }: { signInUrl: string }) {
  const { t } = useTranslation('eventPage')
  return (
    <div
      role="alert"
      data-testid="login-notice"
      className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
    >
      <p>{t('join.loginNotice')}</p>
      <a href={signInUrl} className="mt-1 inline-block font-semibold text-brand-700 underline">
        {t('join.signIn')}
      </a>
    </div>
  )
}

const buttonClass =
  'inline-flex w-full items-center justify-center rounded-md px-4 py-2 text-sm font-semibold shadow-sm focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60'

export function JoinForm({
  event,
  user,
  action,
  signInUrl,
  notice,
}: {
  event: Event
  user: User | null
  action: string
  signInUrl: string
  notice: 'login' | null
}) {
  const { t } = useTranslation('eventPage')
  const message = useMessage()
  const fetcher = useFetcher<EventActionData>({ key: `${PARTICIPATE_FETCHER}-${event._id}` })
  const counts = useEventCounts(event)
  // An event from the fediverse takes part on its own server (its card links there).
  if (event.eventType !== 'EVENT' || event.remote) return null
  if (event.isOwner) return <p className="text-sm text-slate-600">{t('organizer.you')}</p>

  const busy = fetcher.state !== 'idle'
  const isParticipant = counts.isParticipant
  const waiting = counts.waitlistPosition !== null
  const full = counts.maxParticipants !== null && counts.participantsCount >= counts.maxParticipants
  const cancelled = event.cancelledAt !== null
  // An event with approval (decision 042): whoever may not join directly (invitees may) asks the organizer.
  const joinRequest = fetcher.data?.intent === 'request' ? fetcher.data.joinRequest : event.joinRequest
  const asking = event.joinApproval && !isParticipant && !waiting && !event.canJoin && !event.canWait
  // What the loader said about this viewer: any of these means the access rules let them take part.
  const allowed =
    event.canJoin || event.canWait || event.canAsk || joinRequest !== null || event.isParticipant || event.waitlistPosition !== null
  let reason: string | null = null
  if (!isParticipant && !waiting) {
    if (cancelled) reason = t('cancelled.join')
    else if (event.isEnded) reason = t('join.ended')
    else if (user && !user.isActivated) reason = t('join.confirmEmail')
    else if (asking && joinRequest?.status === 'DECLINED') reason = t('request.declined')
    else if (user && !allowed) reason = full ? t('join.full') : t('join.notAllowed')
  }
  // A full event offers its waiting list; someone in line can leave it; a request can be withdrawn.
  const intent = isParticipant
    ? 'leave'
    : waiting
      ? 'unwait'
      : asking
        ? joinRequest?.status === 'PENDING'
          ? 'withdraw'
          : 'ask'
        : full
          ? 'wait'
          : 'join'
  const label = {
    leave: t('join.leave'),
    unwait: t('waitlist.leave'),
    wait: t('waitlist.join'),
    join: t('join.join'),
    ask: t('request.ask'),
    withdraw: t('request.withdraw'),
  }[intent]
  const showLogin = notice === 'login' || fetcher.data?.intent === 'login'
  const refusal = fetcher.data?.intent === 'error' ? message(fetcher.data.message) : null
  // After a refusal the page's data reloads (revalidation.ts): when the reason now says the same, it is said once, as the alert.
  const error = refusal !== reason ? refusal : null

  return (
    <div id="join" className="space-y-2">
      <EnhancedForm fetcher={fetcher} action={action} className="space-y-2">
        <button
          type="submit"
          name="intent"
          value={intent}
          disabled={reason !== null}
          aria-describedby={reason ? 'join-reason' : undefined}
          aria-busy={busy || undefined}
          onClick={(e) => {
            if (busy) e.preventDefault()
          }}
          className={`${buttonClass} ${
            isParticipant || waiting || intent === 'withdraw'
              ? 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 focus-visible:outline-slate-500'
              : 'bg-brand-600 text-white hover:bg-brand-700 focus-visible:outline-brand-600'
          }`}
        >
          {label}
        </button>
      </EnhancedForm>
      {isParticipant ? <p className="text-sm font-medium text-green-700">{t('join.joined')}</p> : null}
      {waiting ? (
        <p data-testid="waitlist-position" className="text-sm font-medium text-amber-800">
          {t('waitlist.position', { position: counts.waitlistPosition })}
        </p>
      ) : null}
      {intent === 'wait' && !reason ? <p className="text-sm text-slate-600">{t('waitlist.full')}</p> : null}
      {intent === 'ask' && !reason ? <p className="text-sm text-slate-600">{t('request.explain')}</p> : null}
      {intent === 'withdraw' ? (
        <p data-testid="join-request-pending" className="text-sm font-medium text-amber-800">
          {t('request.pending')}
        </p>
      ) : null}
      {reason ? (
        <p id="join-reason" role={reason === refusal ? 'alert' : undefined} className="text-sm text-slate-600">
          {reason}
        </p>
      ) : null}
      {showLogin && !user ? <LoginNotice signInUrl={signInUrl} /> : null}
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  )
}

function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="h-4 w-4" fill={filled ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth={2}>
      <path d="M12 21s-7.5-4.6-9.5-9.2C1.1 8.4 3.3 5 6.7 5c2 0 3.6 1.1 4.3 2.6h2C13.7 6.1 15.3 5 17.3 5c3.4 0 5.6 3.4 4.2 6.8C19.5 16.4 12 21 12 21z" />
    </svg>
  )
}

/** Like for signed-in users; everyone else sees the count only (in the stats). */
export function LikeForm({ event, action }: { event: Event; action: string }) {
  const { t } = useTranslation('eventPage')
  const message = useMessage()
  const fetcher = useFetcher<EventActionData>({ key: `${LIKE_FETCHER}-${event._id}` })
  const counts = useEventCounts(event)
  const busy = fetcher.state !== 'idle'
  const error = fetcher.data?.intent === 'error' ? fetcher.data.message : null
  return (
    <EnhancedForm fetcher={fetcher} action={action} className="flex flex-col gap-1">
      <button
        type="submit"
        name="intent"
        value={counts.isLiked ? 'unlike' : 'like'}
        aria-pressed={counts.isLiked}
        aria-busy={busy || undefined}
        onClick={(e) => {
          if (busy) e.preventDefault()
        }}
        className={`${buttonClass} gap-2 border ${
          counts.isLiked
            ? 'border-rose-200 bg-rose-50 text-rose-700 hover:bg-rose-100'
            : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50'
        }`}
      >
        <HeartIcon filled={counts.isLiked} />
        <span>{counts.isLiked ? t('like.unlike') : t('like.like')}</span>
        <span data-testid="like-button-count" className="tabular-nums">
          {counts.likesCount}
        </span>
      </button>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {message(error)}
        </p>
      ) : null}
    </EnhancedForm>
  )
}
