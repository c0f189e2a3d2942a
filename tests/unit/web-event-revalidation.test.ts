// What the event page and the root reload after a post (app/features/events/revalidation.ts): a like answered
// with its count reloads nothing; a like answered otherwise (the redirect meant for a page without JavaScript,
// which a fetcher follows on the same URL) reloads, so the page never keeps the count from before (issue 39).
import type { ShouldRevalidateFunctionArgs } from '@remix-run/react'
import { describe, expect, it } from 'vitest'
import { eventShouldRevalidate, rootShouldRevalidate } from '../../app/features/events/revalidation'

const page = new URL('http://localhost/event/e1')

function args(intent: string, answer: unknown, nextUrl = page, actionStatus = 200): ShouldRevalidateFunctionArgs {
  const formData = new FormData()
  formData.set('intent', intent)
  return {
    currentUrl: page,
    currentParams: { id: 'e1' },
    nextUrl,
    nextParams: { id: 'e1' },
    formMethod: 'POST',
    formAction: page.pathname,
    formEncType: 'application/x-www-form-urlencoded',
    formData,
    actionResult: answer,
    actionStatus,
    defaultShouldRevalidate: true,
  } as ShouldRevalidateFunctionArgs
}

describe('after a like', () => {
  it('answered with its count: neither the event page nor the root reloads', () => {
    for (const intent of ['like', 'unlike']) {
      const answered = args(intent, { intent: 'like', isLiked: intent === 'like', likesCount: 1 })
      expect(eventShouldRevalidate(answered), intent).toBe(false)
      expect(rootShouldRevalidate(answered), intent).toBe(false)
    }
  })

  it('answered with a redirect (no count): both reload', () => {
    for (const intent of ['like', 'unlike']) {
      expect(eventShouldRevalidate(args(intent, undefined)), intent).toBe(true)
      expect(rootShouldRevalidate(args(intent, undefined)), intent).toBe(true)
    }
  })

  it('landing during a navigation to another page: that page loads', () => {
    const elsewhere = args('like', { intent: 'like', isLiked: true, likesCount: 1 }, new URL('http://localhost/event/e2'))
    expect(eventShouldRevalidate(elsewhere)).toBe(true)
  })
})

describe('after a join', () => {
  it('reloads as Remix would, and after a refusal too', () => {
    expect(eventShouldRevalidate(args('join', { intent: 'participate', isParticipant: true, participantsCount: 1 }))).toBe(true)
    expect(eventShouldRevalidate({ ...args('join', { intent: 'error', message: 'eventFull' }, page, 409), defaultShouldRevalidate: false })).toBe(
      true,
    )
  })
})
