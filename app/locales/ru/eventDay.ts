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
  emailNote: 'Email показан только у тех, кто разрешил организаторам его видеть (Настройки → Профиль).',
} satisfies Translation<typeof en>
