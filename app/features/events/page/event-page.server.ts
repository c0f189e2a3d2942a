// Loader and action of /event/{id} (events and places). Every API refusal becomes a page state, a notice
// or a toast, never a 500: 404 → the root's not-found page; 403 → the private-event page (status 403).
import { data, redirect } from '@remix-run/node'
import { z } from 'zod'
import { EVENT_TYPES, JOIN_DECISIONS } from '#contract'
import { qrPath } from '#contract/qr'
import { RESPOND_INTENT } from '~/features/profile/invitation-answer'
import { respondAndRedirect, respondFormSchema } from '~/features/profile/invitations.server'
import { ApiError, getApi, ok } from '~/utils/api.server'
import { getEnv } from '~/utils/env.server'
import { combineHeaders, createToastHeaders, redirectWithToast } from '~/utils/toast.server'
import { ENHANCED_FIELD } from '~/utils/enhanced'
import {
  eventPath,
  signInPath,
  type EventActionData,
  type EventPageData,
  type PrivateReason,
} from './shared'
import { readFormData } from '~/utils/form.server'


export function pageUrls(id: string) {
  const origin = getEnv().WEB_URL.replace(/\/+$/, '')
  return { origin, pageUrl: `${origin}${eventPath(id)}` }
}

/** The API's 403 code: which way in to explain. */
export function privateReason(error: ApiError): PrivateReason {
  return error.body.code === 'subscribersOnly' ? 'subscribersOnly' : 'privateEvent'
}

/** A refusal the loader cannot show as a page of its own: the root error boundary's page for that status. */
function throwStatus(status: number): never {
  throw data(null, { status })
}

export async function loadEventPage(request: Request, id: string) {
  const api = await getApi(request)
  const urls = pageUrls(id)
  const [eventResult, participantsResult] = await Promise.allSettled([
    ok(api.typed.GET('/event/{id}', { params: { path: { id } } })),
    ok(api.typed.GET('/event/{id}/participants', { params: { path: { id } } })),
  ])
  if (eventResult.status === 'rejected') {
    const error: unknown = eventResult.reason
    if (!(error instanceof ApiError)) throw error
    if (error.status === 403)
      return data<EventPageData>(
        { kind: 'private', id, reason: privateReason(error), signedIn: api.isSignedIn(), ...urls },
        { status: 403 },
      )
    // 404 (unknown, deleted, rejected) and 400 (an id the API refuses): not found.
    if (error.status === 404 || error.status === 400) return throwStatus(404)
    return throwStatus(error.status >= 500 ? 503 : error.status)
  }
  const event = eventResult.value
  const participants =
    event.eventType === 'EVENT' && participantsResult.status === 'fulfilled'
      ? participantsResult.value.participants
      : null
  const isEvent = event.eventType === 'EVENT'
  const params = { params: { path: { id } } }
  // What only some viewers get, asked for together once the event says who the viewer is. A part that fails is left
  // out (null, or no messages): the page still shows.
  const [waiting, requests, ticket, messages] = await Promise.all([
    // The line is the organizer's alone (everyone else sees their own place in the event).
    event.isOwner && isEvent
      ? ok(api.typed.GET('/event/{id}/waitlist', params)).then((line) => line.waiting, () => null)
      : null,
    event.isOwner && event.joinApproval ? ok(api.typed.GET('/event/{id}/join-requests', params)).catch(() => null) : null,
    // The participant's code for the door, drawn here as a QR code (the page needs no script for it); none once it is over.
    event.isParticipant && isEvent && event.attendanceMode !== 'ONLINE' && !event.isEnded && !event.cancelledAt
      ? ok(api.typed.GET('/event/{id}/checkin/my', params)).then(
          (mine) => ({ code: mine.code, checkedInAt: mine.checkedInAt, qr: qrPath(mine.url) }),
          () => null,
        )
      : null,
    // The organizers' messages (issue 45), for those they concern: its organizers, participants and people waiting.
    isEvent && (event.isOwner || event.isParticipant || event.waitlistPosition !== null)
      ? ok(api.typed.GET('/event/{id}/messages', params)).then((list) => list.messages, () => [])
      : [],
  ])
  const notice = new URL(request.url).searchParams.get('notice') === 'login' && !api.isSignedIn() ? 'login' : null
  return data<EventPageData>(
    { kind: 'event', event, participants, waiting, requests, ticket, messages, notice, ...urls },
  )
}

const intentSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('join') }),
  z.object({ intent: z.literal('leave') }),
  z.object({ intent: z.literal('like') }),
  z.object({ intent: z.literal('unlike') }),
  z.object({ intent: z.literal('wait') }),
  z.object({ intent: z.literal('unwait') }),
  z.object({ intent: z.literal('ask') }),
  z.object({ intent: z.literal('withdraw') }),
  z.object({ intent: z.literal('decideRequest'), userId: z.string().trim().min(1).max(100), decision: z.enum(JOIN_DECISIONS) }),
  z.object({ intent: z.literal('decideAll'), decision: z.enum(JOIN_DECISIONS) }),
  z.object({ intent: z.literal('removeParticipant'), userId: z.string().trim().min(1).max(100) }),
  z.object({ intent: z.literal('removeWaiting'), userId: z.string().trim().min(1).max(100) }),
  z.object({ intent: z.literal('delete'), eventType: z.enum(EVENT_TYPES).catch('EVENT') }),
  z.object({ intent: z.literal('sourceModeration'), sourceId: z.string().trim().min(1).max(100), set: z.enum(['pause', 'resume', 'trust', 'distrust']) }),
  respondFormSchema.extend({ intent: z.literal(RESPOND_INTENT) }),
])

export async function eventPageAction(request: Request, id: string) {
  const api = await getApi(request)
  const path = eventPath(id)
  const formData = await readFormData(request)
  const enhanced = formData.get(ENHANCED_FIELD) === '1'
  const parsed = intentSchema.safeParse(Object.fromEntries(formData))
  if (!parsed.success) {
    if (enhanced) return data<EventActionData>({ intent: 'error', message: 'invalidValue' }, { status: 400 })
    return redirect(path)
  }
  const form = parsed.data

  /** A signed-out visitor (or one whose session just ended): the login notice, or the sign-in page. */
  function needsLogin() {
    if (['join', 'leave', 'wait', 'unwait', 'ask', 'withdraw'].includes(form.intent)) {
      if (enhanced) return data<EventActionData>({ intent: 'login' })
      return redirect(`${path}?notice=login#join`)
    }
    return redirect(signInPath(id))
  }

  /** A refusal: inline (fetcher) or a flash toast on the event page. */
  async function refused(error: unknown) {
    if (!(error instanceof ApiError)) throw error
    if (error.status === 401) return needsLogin()
    if (enhanced) {
      // The message stays in the fetcher's data while the page's data reloads (eventShouldRevalidate asks for it
      // after a refusal), so the page shows the state that caused it: full, declined meanwhile.
      return data<EventActionData>(
        { intent: 'error', message: error.body.message },
        { status: error.status >= 500 ? 502 : error.status },
      )
    }
    // Deleted meanwhile, or never there: the event page itself shows the 404.
    return redirectWithToast(path, { type: 'error', message: error.body.message })
  }

  if (!api.isSignedIn()) return needsLogin()

  try {
    switch (form.intent) {
      case 'join':
      case 'leave': {
        // The state wanted, set atomically by the API: a repeated post (double click, reload without
        // JavaScript) never flips it back.
        const r = await ok(
          api.typed.PUT('/event/{id}/participate', { params: { path: { id } }, body: { participate: form.intent === 'join' } }),
        )
        // Joining or leaving the event takes nobody's place in line: the viewer has none after either.
        const state = {
          isParticipant: r.isParticipant,
          participantsCount: r.participantsCount,
          maxParticipants: r.maxParticipants,
          waitlistPosition: null,
        }
        const toast = { message: state.isParticipant ? 'joined' : 'left' }
        if (enhanced)
          return data<EventActionData>(
            { intent: 'participate', ...state },
            { headers: combineHeaders(await createToastHeaders(toast)) },
          )
        return redirectWithToast(path, toast)
      }
      case 'wait':
      case 'unwait': {
        const params = { params: { path: { id } } }
        const r = await ok(form.intent === 'wait' ? api.typed.PUT('/event/{id}/waitlist', params) : api.typed.DELETE('/event/{id}/waitlist', params))
        const state = {
          isParticipant: r.isParticipant,
          participantsCount: r.participantsCount,
          maxParticipants: r.maxParticipants,
          waitlistPosition: r.waitlistPosition,
          waitlistCount: r.waitlistCount,
        }
        // A free seat is taken at once instead of a place in line.
        const toast = { message: form.intent === 'unwait' ? 'leftWaitlist' : r.isParticipant ? 'joined' : 'waiting' }
        if (enhanced)
          return data<EventActionData>({ intent: 'participate', ...state }, { headers: combineHeaders(await createToastHeaders(toast)) })
        return redirectWithToast(path, toast)
      }
      case 'ask':
      case 'withdraw': {
        const params = { params: { path: { id } } }
        const r = await ok(
          form.intent === 'ask' ? api.typed.PUT('/event/{id}/join-request', params) : api.typed.DELETE('/event/{id}/join-request', params),
        )
        const toast = { message: form.intent === 'ask' ? 'requestSent' : 'requestWithdrawn' }
        if (enhanced)
          return data<EventActionData>(
            { intent: 'request', joinRequest: r.joinRequest, isParticipant: r.isParticipant, waitlistPosition: r.waitlistPosition },
            { headers: combineHeaders(await createToastHeaders(toast)) },
          )
        return redirectWithToast(path, toast)
      }
      case 'decideRequest':
      case 'decideAll': {
        const body = { decision: form.decision }
        const r = await ok(
          form.intent === 'decideRequest'
            ? api.typed.PUT('/event/{id}/join-requests/{userId}', { params: { path: { id, userId: form.userId } }, body })
            : api.typed.PUT('/event/{id}/join-requests', { params: { path: { id } }, body }),
        )
        const one = form.intent === 'decideRequest'
        const message =
          form.decision === 'DECLINE'
            ? one ? 'requestDeclined' : 'requestsDeclined'
            : !one ? 'requestsAccepted' : r.waitlisted.length ? 'requestAcceptedWaitlist' : 'requestAccepted'
        return redirectWithToast(path, { message })
      }
      case 'removeWaiting': {
        await ok(api.typed.DELETE('/event/{id}/waitlist/{userId}', { params: { path: { id, userId: form.userId } } }))
        return redirectWithToast(path, { message: 'waitingRemoved' })
      }
      case 'like':
      case 'unlike': {
        const r = await ok(api.typed.PUT('/event/{id}/like', { params: { path: { id } }, body: { like: form.intent === 'like' } }))
        const state = { isLiked: r.isLiked, likesCount: r.likesCount }
        if (enhanced) return data<EventActionData>({ intent: 'like', ...state })
        return redirect(path)
      }
      case 'removeParticipant': {
        await ok(api.typed.PUT('/event/{id}/participant/{userId}', { params: { path: { id, userId: form.userId } } }))
        return redirectWithToast(path, { message: 'participantRemoved' })
      }
      case RESPOND_INTENT:
        return respondAndRedirect(api, form, path)
      case 'sourceModeration': {
        // A moderator's decision on the calendar the event came from (the API refuses anyone else).
        const body = form.set === 'pause' || form.set === 'resume' ? { paused: form.set === 'pause' } : { trusted: form.set === 'trust' }
        await ok(api.typed.PATCH('/sources/{id}', { params: { path: { id: form.sourceId } }, body }))
        const message = { pause: 'sourcePausedToast', resume: 'sourceResumed', trust: 'sourceTrusted', distrust: 'sourceDistrusted' }[form.set]
        return redirectWithToast(path, { message })
      }
      case 'delete': {
        await ok(api.typed.DELETE('/event/{id}', { params: { path: { id } } }))
        return redirectWithToast(
          form.eventType === 'PLACE' ? '/places' : '/',
          { message: 'deleted' },
        )
      }
    }
  } catch (error) {
    return refused(error)
  }
}
