// Reporting an event, a place, a person or a group (the terms of use: reviewed within 24 hours).
import { REPORT_REVIEW_HOURS } from '#contract'

export default {
  link: 'Report',
  linkPost: 'Report this post',
  linkUser: 'Report this user',
  titlePost: 'Report “{{name}}”',
  titleUser: 'Report {{name}}',
  titleGroup: 'Report the group “{{name}}”',
  intro: `Tell us what is wrong. Moderators review every report within ${REPORT_REVIEW_HOURS} hours; the author does not learn who reported.`,
  reason: 'Reason',
  reasons: {
    spam: 'Spam or advertising',
    inappropriate: 'Inappropriate or offensive content',
    harassment: 'Harassment or hate',
    fraud: 'Fraud or scam',
    other: 'Something else',
  },
  details: 'Details',
  detailsHint: 'Required for “Something else”. At most 1000 characters.',
  submit: 'Send report',
  close: 'Close',
  sent_one: 'Thank you! Moderators will review your report within {{count}} hour.',
  sent_other: 'Thank you! Moderators will review your report within {{count}} hours.',
} as const
