// What Settings → Calendar's form posts: shared by the page (calendar.tsx) and its action (calendar.server.ts).
/** The one intent: replace the personal feed's secret address with a new one. */
export const RESET_INTENT = 'reset'
