// What a post of the event screens changes, so that the pages reload only that (issue: a signed-in home page
// re-ran every loader after each card view). A card view changes one count no page shows live; a like's
// answer carries the new count; a join changes the event page's participants but nothing of the root.
import type { ShouldRevalidateFunctionArgs } from '@remix-run/react'

export const CARD_VIEW_ACTION = '/resources/view'

const intentOf = (args: ShouldRevalidateFunctionArgs) => args.formData?.get('intent')

/** The root (the signed-in user, the bell): not after card views, likes or joins. */
export function rootShouldRevalidate(args: ShouldRevalidateFunctionArgs): boolean {
  if (args.formAction === CARD_VIEW_ACTION) return false
  const intent = intentOf(args)
  if (intent === 'like' || intent === 'unlike' || intent === 'join' || intent === 'leave') return false
  return args.defaultShouldRevalidate
}

/** The lists (/, /places): not after card views; the pages loaded by scrolling stay as they are. */
export function listShouldRevalidate(args: ShouldRevalidateFunctionArgs): boolean {
  if (args.formAction === CARD_VIEW_ACTION) return false
  return args.defaultShouldRevalidate
}

/** The event page: not after a like (its answer has the count); a join reloads the participants. */
export function eventShouldRevalidate(args: ShouldRevalidateFunctionArgs): boolean {
  const intent = intentOf(args)
  if (intent === 'like' || intent === 'unlike') return false
  return args.defaultShouldRevalidate
}
