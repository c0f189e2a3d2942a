import type en from '../en/eventPage'
import type { Translation } from '../types'

export default {
  meta: {
    privateTitle: 'Закрытое событие',
    siteName: 'Nearby',
  },
  gallery: {
    label: 'Фотографии',
    photo: 'Фото {{n}} из {{count}}: {{title}}',
    show: 'Показать фото {{n}}',
    open: 'Открыть фото в полном размере',
  },
  details: {
    label: 'Подробности',
    when: 'Когда',
    starts: 'Начало',
    ends: 'Окончание',
    noDate: 'Дата будет объявлена',
    address: 'Адрес',
    price: 'Цена',
    categories: 'Категории',
    access: 'Доступ',
    contact: 'Контакт',
    description: 'Описание',
    ended: 'Это событие уже закончилось.',
  },
  map: {
    label: 'Место на карте',
    show: 'Показать карту',
    fallback: 'Для карты нужен JavaScript. Нажмите «Открыть на карте», чтобы увидеть место.',
  },
  hours: {
    title: 'Часы работы',
    closed: 'Закрыто',
    days: {
      monday: 'Понедельник',
      tuesday: 'Вторник',
      wednesday: 'Среда',
      thursday: 'Четверг',
      friday: 'Пятница',
      saturday: 'Суббота',
      sunday: 'Воскресенье',
    },
  },
  organizer: {
    title: 'Организатор',
    host: 'Организует',
    avatar: 'Фото: {{name}}',
    you: 'Вы организатор.',
  },
  stats: {
    label: 'Статистика',
    participantsOf: '{{count}} / {{max}}',
  },
  join: {
    join: 'Участвовать',
    leave: 'Не пойду',
    joined: 'Вы участвуете.',
    full: 'Свободных мест не осталось.',
    ended: 'Событие закончилось, запись закрыта.',
    confirmEmail: 'Подтвердите почту, чтобы участвовать в событиях.',
    notAllowed: 'Участвовать могут только те, кого допускает организатор.',
    loginNotice: 'Пожалуйста, войдите, чтобы участвовать в событии.',
    signIn: 'Войти',
  },
  like: {
    like: 'Нравится',
    unlike: 'Больше не нравится',
  },
  participants: {
    title: 'Участники',
    empty: 'Пока никто не участвует.',
    remove: 'Удалить',
    removeLabel: 'Удалить: {{name}}',
    confirmRemove: 'Удалить {{name}} из участников?',
  },
  chat: {
    title: 'Чат',
    notice: 'Пожалуйста, используйте мобильное приложение для доступа к чату.',
    android: 'Скачать в Google Play',
    ios: 'Загрузить в App Store',
  },
  owner: {
    label: 'Действия организатора',
    edit: 'Изменить',
    delete: 'Удалить',
    confirmDelete: 'Удалить это событие? Отменить это будет нельзя.',
    confirmDeletePlace: 'Удалить это место? Отменить это будет нельзя.',
  },
  calendar: {
    add: 'Добавить в календарь',
    placeFeed: 'Подписаться на события здесь (календарная лента)',
  },
  private: {
    title: 'Закрытое событие',
    subscribersTitle: 'Событие для подписчиков',
    privateText: 'Это событие видят только приглашённые и участники.',
    subscribersText: 'Это событие видят только подписчики организатора и приглашённые.',
    howTo: 'Как попасть',
    privateHow: 'Попросите у организатора приглашение. Когда вас пригласят, событие откроется здесь.',
    subscribersHow:
      'Подпишитесь на организатора в его профиле или попросите приглашение. После этого событие откроется здесь.',
    signInHint: 'Уже приглашены или подписаны? Войдите, чтобы открыть событие.',
    signIn: 'Войти',
    back: 'К событиям',
  },
} satisfies Translation<typeof en>
