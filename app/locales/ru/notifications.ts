import type en from '../en/notifications'
import type { Translation } from '../types'

export default {
  title: 'Уведомления',
  bell: 'Уведомления',
  bellUnread: 'Уведомления, непрочитанных: {{count}}',
  empty: 'Уведомлений пока нет.',
  seeAll: 'Все уведомления',
  markAllRead: 'Отметить все как прочитанные',
  markRead: 'Отметить как прочитанное',
  delete: 'Удалить',
  unread: 'Непрочитанное',
  loadMore: 'Показать ещё',
  someone: 'Кто-то',
  aPost: 'событие',
  types: {
    follow: '{{name}} подписался(-лась) на вас',
    newPost: '{{name}} опубликовал(а) {{title}}',
    updatePost: '{{name}} обновил(а) {{title}}',
    invite: '{{name}} приглашает вас на {{title}}',
    newParticipate: '{{name}} присоединился(-лась) к {{title}}',
    postLike: '{{name}} оценил(а) {{title}}',
    newMessage: 'Новое сообщение в {{title}} от {{name}}',
    moderation: 'Модераторы проверили {{title}}',
    report: 'Модераторы рассмотрели вашу жалобу на {{title}}',
    eventReminder: 'Напоминание: скоро начнётся {{title}}',
  },
  reminder: {
    '24h': 'Напоминание: {{title}} начнётся {{time}}',
    '1h': 'Скоро начало: {{title}}, {{time}}',
  },
  report: {
    RESOLVED: 'Модераторы рассмотрели вашу жалобу на {{title}} и приняли меры. Спасибо!',
    DISMISSED: 'Модераторы рассмотрели вашу жалобу на {{title}} и не нашли нарушений. Спасибо!',
  },
  moderation: {
    postInfo: 'Модераторы отклонили информацию {{title}}. Измените её, чтобы отправить на проверку снова.',
    postImage: 'Модераторы отклонили фото {{title}}. Замените их, чтобы отправить на проверку снова.',
    postDeleted: 'Модераторы удалили {{title}}.',
    userInfo: 'Модераторы отклонили информацию вашего профиля. Измените её в настройках.',
    userImage: 'Модераторы отклонили фото вашего профиля. Замените его в настройках.',
    reason: 'Причина: {{reason}}',
  },
  allRead: 'Все уведомления отмечены как прочитанные.',
  deleted: 'Уведомление удалено.',
} satisfies Translation<typeof en>
