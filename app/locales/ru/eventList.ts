import type en from '../en/eventList'
import type { Translation } from '../types'

export default {
  title: 'TODO-eventList',
} satisfies Translation<typeof en>
