/** The value of the follow form's button (Settings → Fediverse): which of the page's two forms was sent. */
export const FOLLOW_INTENT = 'followRemote'
