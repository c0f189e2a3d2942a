import type en from '../en/toast'
import type { Translation } from '../types'

export default {
  signedIn: 'Вы успешно авторизовались!',
  confirmEmail: 'Пожалуйста, подтвердите почту!',
  emailConfirmed: 'Почта подтверждена!',
  signedOut: 'Вы успешно вышли из системы',
  passwordChanged: 'Пароль изменён',
  codeSent: 'Мы отправили новый код на вашу почту.',
  resetLinkSent: 'Проверьте почту: мы отправили ссылку для сброса пароля.',
  passwordSet: 'Новый пароль установлен. Войдите с ним.',
  languageChanged: 'Язык: русский',
  sessionExpired: 'Сессия истекла. Войдите снова.',
  error: 'Что-то пошло не так. Попробуйте ещё раз.',
  eventCreated: 'Событие создано!',
  placeAdded: 'Место добавлено!',
  changesApplied: 'Изменения применены!',
  deleted: 'Удалено!',
  joined: 'Вы присоединились к событию.',
  left: 'Вы больше не участвуете в событии.',
  participantRemoved: 'Участник удалён.',
  loginToParticipate: 'Пожалуйста, войдите, чтобы участвовать в событии.',
  photosAdded: 'Фото добавлены.',
  photoRemoved: 'Фото удалено.',
  failedBecause: '{{failure}}: {{reason}}',
  close: 'Закрыть',
} satisfies Translation<typeof en>
