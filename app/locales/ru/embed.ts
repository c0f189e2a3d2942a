import type en from '../en/embed'
import type { Translation } from '../types'

export default {
  link: 'Встроить на свой сайт',
  builder: {
    title: 'Встроить на свой сайт',
    intro: 'Покажите эти события на своём сайте: вставьте код ниже в свою страницу. Он обновляется сам.',
    what: 'Программа',
    categories: 'Категории (ни одной — все)',
    count: 'Сколько событий',
    theme: 'Цвета',
    light: 'Светлые',
    dark: 'Тёмные',
    language: 'Язык',
    update: 'Обновить предпросмотр',
    code: 'Код для вашей страницы',
    copy: 'Скопировать код',
    copied: 'Скопировано!',
    preview: 'Предпросмотр',
    frameTitle: 'События на Nearby',
    json: 'Нужна своя вёрстка? Те же события в JSON:',
    notFound: 'Такого организатора, места или города нет.',
  },
  frame: {
    empty: 'Предстоящих событий нет.',
    cancelled: 'Отменено',
    all: 'Все события на Nearby',
    newTab: '(откроется в новой вкладке)',
    bad: 'Программу не удалось показать: неверный адрес.',
    notFound: 'Этой программы больше нет.',
    unavailable: 'Программа сейчас недоступна.',
  },
} satisfies Translation<typeof en>
