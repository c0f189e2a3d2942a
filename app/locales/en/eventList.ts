// Texts of one screen; keys mirror the other language's file.
export default {
  title: 'TODO-eventList',
} as const
