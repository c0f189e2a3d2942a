// What a post of the event screens changes, so that the pages reload only that. Card views are plain
// requests that Remix never sees (event-card.tsx); a like's answer carries the new count, so neither the
// root nor the event page reloads after it. Only a revalidation of the same URL is skipped: a like that
// lands during a navigation must not keep the next page from loading.
import type { ShouldRevalidateFunctionArgs } from '@remix-run/react'

export const CARD_VIEW_ACTION = '/resources/view'

/**
 * A like answered with its count (the fetcher's data): nothing else to reload. A like answered otherwise — the
 * redirect meant for a post without JavaScript, which a fetcher follows by reloading the same URL — does
 * reload, or the page would keep the count it had before the like was saved (issue 39).
 */
function isLike(args: ShouldRevalidateFunctionArgs): boolean {
  const intent = args.formData?.get('intent')
  const answer = args.actionResult as { intent?: unknown } | undefined
  return (intent === 'like' || intent === 'unlike') && answer?.intent === 'like' && args.currentUrl.href === args.nextUrl.href
}

/** The root (the signed-in user, the bell, the toast): not after a like. */
export function rootShouldRevalidate(args: ShouldRevalidateFunctionArgs): boolean {
  if (isLike(args)) return false
  return args.defaultShouldRevalidate
}

const TAKE_PART_INTENTS = ['join', 'leave', 'wait', 'unwait', 'ask', 'withdraw']

/**
 * A join, a place in line or a request the API refused: the page showed a state that changed meanwhile (the
 * event filled up, the organizer declined). Single fetch means to skip reloading after a 4xx
 * (v7_skipActionErrorRevalidation); a fetcher's refusal still reloads today, and this keeps it so.
 */
function isRefusedTakingPart(args: ShouldRevalidateFunctionArgs): boolean {
  const intent = args.formData?.get('intent')
  const answer = args.actionResult as { intent?: unknown } | undefined
  const refused = (args.actionStatus ?? 0) >= 400 || answer?.intent === 'error'
  return typeof intent === 'string' && TAKE_PART_INTENTS.includes(intent) && refused
}

/**
 * The event page: not after a like (its answer has the count); a join reloads the participants, and so does a
 * refused one, so the page says what the viewer can do now (the refusal's message stays in the fetcher's data).
 */
export function eventShouldRevalidate(args: ShouldRevalidateFunctionArgs): boolean {
  if (isLike(args)) return false
  if (isRefusedTakingPart(args)) return true
  return args.defaultShouldRevalidate
}
