// SPEC §4's card views, sent in batches: a scroll through a list brings dozens of cards into view, and a
// request per card is dozens of requests (issue 14). Views wait here for a second and leave together in one
// plain POST (not a Remix fetcher: a view changes nothing a page shows, so no loader may reload after it);
// what is waiting when the page is hidden or left goes with the `keepalive` request then.
import { CARD_VIEW_ACTION } from '~/features/events/revalidation'

/** The most views one request carries; the resource route refuses more (list.server.ts). */
export const MAX_VIEWS_PER_REQUEST = 48
const BATCH_DELAY_MS = 1_000

const waiting = new Set<string>()
let timer: ReturnType<typeof setTimeout> | undefined
let listening = false

/** Counts a view of `postId` with the next batch. */
export function queueCardView(postId: string) {
  waiting.add(postId)
  if (!listening) {
    listening = true
    window.addEventListener('pagehide', sendWaitingViews)
  }
  timer ??= setTimeout(sendWaitingViews, BATCH_DELAY_MS)
}

function sendWaitingViews() {
  clearTimeout(timer)
  timer = undefined
  const ids = [...waiting]
  waiting.clear()
  for (let start = 0; start < ids.length; start += MAX_VIEWS_PER_REQUEST) {
    const body = new URLSearchParams(ids.slice(start, start + MAX_VIEWS_PER_REQUEST).map((id) => ['postId', id]))
    void fetch(CARD_VIEW_ACTION, { method: 'POST', body, credentials: 'same-origin', keepalive: true }).catch(() => {})
  }
}
