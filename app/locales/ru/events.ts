import type en from '../en/events'
import type { Translation } from '../types'

export default {
  attendance: { IN_PERSON: 'Очно', ONLINE: 'Онлайн', HYBRID: 'Очно и онлайн' },
  accessibility: {
    stepFree: 'Вход без ступенек',
    accessibleToilet: 'Доступный туалет',
    hearingLoop: 'Индукционная петля',
    signLanguage: 'Жестовый язык',
    quietSpace: 'Тихая комната',
    seating: 'Места для сидения',
  },
  eventType: { EVENT: 'Событие', PLACE: 'Место' },
  embed: 'Встроить на свой сайт',
  accessType: {
    COMMON: 'Открытое',
    APPROVAL: 'Открытое, с одобрением',
    SUBSCRIBERS: 'Для подписчиков',
    PRIVATE: 'Закрытое',
  },
  accessInfo: {
    COMMON: 'Открытое событие: любой вошедший пользователь видит подробности и может присоединиться.',
    APPROVAL: 'Открытое, с одобрением: любой вошедший пользователь видит подробности и может подать заявку; организатор принимает или отклоняет каждую.',
    SUBSCRIBERS: 'Для подписчиков: подробности и участие доступны подписчикам организатора и приглашённым.',
    PRIVATE: 'Закрытое событие: подробности и участие доступны только приглашённым и участникам.',
  },
  categories: {
    all: 'Все',
    exhibitions: 'Выставки',
    kids: 'Детям',
    leisure: 'Досуг',
    standUp: 'Стендап',
    education: 'Обучение',
    theaters: 'Театры',
    games: 'Игры',
    movie: 'Кино',
    concerts: 'Концерты',
  },
  price: {
    donation: 'Донат',
    free: 'Бесплатно',
    FROM: 'от',
    UPTO: 'до',
  },
  stats: {
    likes: 'Лайки',
    views: 'Просмотры',
    participants: 'Участники',
  },
  moderation: {
    PENDING: 'Ваша публикация на проверке.',
    REJECTED: 'Публикация отклонена модератором. Пожалуйста, отредактируйте информацию.',
    imagePENDING: 'Фото на проверке.',
    imageREJECTED: 'Фото отклонено модератором. Пожалуйста, замените фото.',
    reason: 'Причина: {{reason}}',
    deleted: 'Эта публикация удалена.',
  },
  noPhoto: 'Нет фото',
  status: {
    cancelled: 'Отменено',
    moved: 'Новая дата',
  },
  map: 'Карта',
  mapNeedsJs: 'Для карты нужен JavaScript. В списке есть все результаты.',
  openInMaps: 'Открыть на карте',
} satisfies Translation<typeof en>
