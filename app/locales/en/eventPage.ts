// Texts of one screen; keys mirror the other language's file.
export default {
  title: 'TODO-eventPage',
} as const
