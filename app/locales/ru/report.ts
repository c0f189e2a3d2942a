import { REPORT_REVIEW_HOURS } from '#contract'
import type en from '../en/report'
import type { Translation } from '../types'

export default {
  link: 'Пожаловаться',
  linkPost: 'Пожаловаться на публикацию',
  linkUser: 'Пожаловаться на пользователя',
  titlePost: 'Жалоба на «{{name}}»',
  titleUser: 'Жалоба на пользователя {{name}}',
  titleGroup: 'Жалоба на группу «{{name}}»',
  intro: `Расскажите, что не так. Модераторы рассматривают каждую жалобу в течение ${REPORT_REVIEW_HOURS} часов; автор не узнает, кто пожаловался.`,
  reason: 'Причина',
  reasons: {
    spam: 'Спам или реклама',
    inappropriate: 'Неприемлемый или оскорбительный контент',
    harassment: 'Травля или ненависть',
    fraud: 'Мошенничество',
    other: 'Другое',
  },
  details: 'Подробности',
  detailsHint: 'Обязательно для «Другое». Не более 1000 символов.',
  submit: 'Отправить жалобу',
  close: 'Закрыть',
  sent_one: 'Спасибо! Модераторы рассмотрят вашу жалобу в течение {{count}} часа.',
  sent_few: 'Спасибо! Модераторы рассмотрят вашу жалобу в течение {{count}} часов.',
  sent_many: 'Спасибо! Модераторы рассмотрят вашу жалобу в течение {{count}} часов.',
  sent_other: 'Спасибо! Модераторы рассмотрят вашу жалобу в течение {{count}} часа.',
} satisfies Translation<typeof en>
