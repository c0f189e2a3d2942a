// Shared by the server and the browser: a `.server` module is empty in the browser, so a limit that the
// screens read must not live in one.

/** Notification pages shown at once after "Load more" without JavaScript. */
export const MAX_NOTIFICATION_PAGES = 10
