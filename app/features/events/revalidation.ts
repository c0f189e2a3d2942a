// What a post of the event screens changes, so that the pages reload only that. Card views are plain
// requests that Remix never sees (event-card.tsx); a like's answer carries the new count, so neither the
// root nor the event page reloads after it. Only a revalidation of the same URL is skipped: a like that
// lands during a navigation must not keep the next page from loading.
import type { ShouldRevalidateFunctionArgs } from '@remix-run/react'

export const CARD_VIEW_ACTION = '/resources/view'

function isLike(args: ShouldRevalidateFunctionArgs): boolean {
  const intent = args.formData?.get('intent')
  return (intent === 'like' || intent === 'unlike') && args.currentUrl.href === args.nextUrl.href
}

/** The root (the signed-in user, the bell, the toast): not after a like. */
export function rootShouldRevalidate(args: ShouldRevalidateFunctionArgs): boolean {
  if (isLike(args)) return false
  return args.defaultShouldRevalidate
}

/** The event page: not after a like (its answer has the count); a join reloads the participants. */
export function eventShouldRevalidate(args: ShouldRevalidateFunctionArgs): boolean {
  if (isLike(args)) return false
  return args.defaultShouldRevalidate
}
