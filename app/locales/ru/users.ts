import type en from '../en/users'
import type { Translation } from '../types'

export default {
  meta: { title: 'Люди · Nearby' },
  title: 'Люди',
  searchLabel: 'Поиск людей',
  searchPlaceholder: 'Имя, фамилия или имя пользователя',
  search: 'Найти',
  empty: 'Пользователи не найдены.',
  emptyQuery: 'По запросу «{{query}}» никого не нашлось.',
  followers: 'Подписчиков: {{count}}',
  loadMore: 'Показать ещё',
  loading: 'Загрузка…',
  end: 'Это все.',
} satisfies Translation<typeof en>
