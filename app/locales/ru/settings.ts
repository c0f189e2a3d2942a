import type en from '../en/settings'
import type { Translation } from '../types'

export default {
  title: 'Настройки',
  nav: { label: 'Разделы настроек', password: 'Пароль' },
  intro: 'Выберите раздел, чтобы изменить настройки аккаунта.',
  more: 'Редактирование профиля появится в следующем обновлении.',
  password: {
    title: 'Смена пароля',
    oldPassword: 'Старый пароль',
    password: 'Новый пароль',
    confirmPassword: 'Подтвердите новый пароль',
    submit: 'Сменить пароль',
    note: 'На других устройствах будет выполнен выход.',
  },
  moderation: {
    title: 'Модерация',
    tabsLabel: 'Разделы модерации',
    tabs: { users: 'Пользователи', events: 'События', places: 'Места' },
    comingSoon: 'Таблица «{{tab}}» появится в следующем обновлении.',
  },
} satisfies Translation<typeof en>
