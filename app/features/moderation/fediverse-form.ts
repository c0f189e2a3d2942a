/** Which of the Fediverse tab's forms was sent: `new` (the top one) or a row's server (fediverse-tab.tsx). */
export const FORM_FIELD = 'form'
