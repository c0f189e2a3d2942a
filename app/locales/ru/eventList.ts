import type en from '../en/eventList'
import type { Translation } from '../types'

export default {
  eventsTitle: 'События рядом: {{city}}',
  placesTitle: 'Места рядом: {{city}}',
  categories: 'Категории',
  tabs: { label: 'Какие события', active: 'Актуальные', my: 'Мои события', completed: 'Завершённые' },
  views: { label: 'Вид', list: 'Список', timeline: 'Хронология' },
  dates: {
    from: 'с {{date}}',
    to: 'по {{date}}',
    invalidDate: 'Введите дату в формате ДД-ММ-ГГГГ.',
    pastDate: 'Прошедшие даты выбрать нельзя.',
    endBeforeStart: 'Дата окончания не может быть раньше даты начала.',
  },
  empty: 'Ничего не найдено. Попробуйте другую категорию, город или даты.',
  emptyMy: 'Вы ещё ничего не создали.',
  signInForMy: 'Войдите, чтобы увидеть свои события.',
  signIn: 'Войти',
  loadMore: 'Показать ещё',
  loading: 'Загрузка…',
  end: 'Это всё.',
  showMap: 'Карта',
  showList: 'Список',
  filtersButton: 'Поиск и категории',
  closeFilters: 'Закрыть',
  searchEvent: 'Найти событие',
  card: {
    organizer: '{{name}}',
    participants: 'Участники',
    noDate: 'Дата уточняется',
    restricted: 'Подробности для приглашённых',
  },
  popupClose: 'Закрыть',
  openEvent: 'Открыть',
  feeds: { calendar: 'Календарная лента событий рядом с городом {{city}}', atom: 'Лента Atom', atomTitle: 'События рядом с городом {{city}} (Atom)' },
  citySuggestions: 'Подсказки городов',
} satisfies Translation<typeof en>
