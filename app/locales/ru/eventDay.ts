import type en from '../en/eventDay'
import type { Translation } from '../types'

export default {
  title: 'Участники: {{title}}',
  back: 'Назад к событию',
  print: 'Распечатать',
  printHint: 'Распечатайте эту страницу из браузера (Ctrl+P или «Печать» в его меню): она помещается на A4.',
  csv: 'Скачать CSV',
  participants: 'Участники ({{count}})',
  waiting: 'Лист ожидания ({{count}})',
  none: 'Пока никого.',
  number: '№',
  name: 'Имя',
  username: 'Имя пользователя',
  email: 'Email',
  emailHidden: 'скрыт',
  came: 'Пришёл',
  checkedInAt: 'отмечен в {{time}}',
  door: 'Отметка на входе',
  doorLink: 'На входе: отметка',
  code: 'Код',
  codeHint: 'Шесть символов на экране или билете участника; если навести камеру телефона на его QR-код, откроется эта страница с уже введённым кодом.',
  checkIn: 'Отметить',
  undo: 'Отменить',
  cameCount: 'Пришли {{came}} из {{count}}',
  came_at: 'пришёл(-ла) в {{time}}',
  emailNote: 'Email показан только у тех, кто разрешил организаторам его видеть (Настройки → Профиль).',
} satisfies Translation<typeof en>
