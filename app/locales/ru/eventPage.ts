import type en from '../en/eventPage'
import type { Translation } from '../types'

export default {
  title: 'TODO-eventPage',
} satisfies Translation<typeof en>
