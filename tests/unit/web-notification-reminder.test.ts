// The `eventReminder` notification in the web's list: which reminder, the title and the start in the site's
// zone, in English and Russian, worded as the API's push text (docs/decisions/030-event-reminders.md).
import { describe, expect, it } from 'vitest'
import { messages, type Notification } from '#contract'
import { notificationHref, notificationText } from '../../app/features/notifications/notification-item'
import { resources } from '../../app/locales/resources.server'
import { notificationText as apiText } from '../../api/modules/notifications/dto'
import { createInstance } from 'i18next'
import { i18nConfig } from '../../app/i18n'

const i18n = createInstance()
void i18n.init({ ...i18nConfig, resources, ns: ['notifications'], initImmediate: false })
const t = (language: 'en' | 'ru') => i18n.getFixedT(language, 'notifications')

const reminder = (kind: '24h' | '1h'): Notification => ({
  _id: 'n1',
  notificationType: 'eventReminder',
  userFrom: null,
  entityId: 'p1',
  createdAt: '2026-12-04T18:00:00.000Z',
  openedAt: null,
  isOpened: false,
  post: { _id: 'p1', title: 'Jazz night', eventType: 'EVENT' },
  reminder: { kind, startDate: '2026-12-05T18:00:00.000Z' },
})

describe('the eventReminder notification', () => {
  it('names the reminder, the event and its start in the zone, in both languages', () => {
    expect(notificationText(reminder('24h'), t('en'), 'en', 'Europe/Belgrade')).toBe('Reminder: Jazz night starts on 05 Dec 2026, 19:00')
    expect(notificationText(reminder('1h'), t('en'), 'en', 'Europe/Belgrade')).toBe('Starting soon: Jazz night, 05 Dec 2026, 19:00')
    expect(notificationText(reminder('24h'), t('ru'), 'ru', 'Europe/Belgrade')).toMatch(/^Напоминание: Jazz night начнётся 05 дек\. 2026 г\., 19:00$/)
    expect(notificationHref(reminder('1h'))).toBe('/event/p1')
  })

  it('the API says the same in pushes', () => {
    expect(apiText(reminder('24h'), 'en', 'Europe/Belgrade')).toBe('Reminder: “Jazz night” starts on 05 Dec 2026, 19:00')
    expect(apiText(reminder('1h'), 'ru', 'Europe/Belgrade')).toBe(
      messages.ru.notifyEventReminder1h.replace('{title}', 'Jazz night').replace('{time}', '05 дек. 2026 г., 19:00'),
    )
  })
})
