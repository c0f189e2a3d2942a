import type en from '../en/eventForm'
import type { Translation } from '../types'

export default {
  title: 'TODO-eventForm',
} satisfies Translation<typeof en>
