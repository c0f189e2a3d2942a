// Where a notification leads (contract notificationPath), for the bell's rows and the push message's url alike, and
// the group invitation's words on the web and in a push message, in English and Russian (issue 45).
import { describe, expect, it } from 'vitest'
import { type Notification, notificationPath } from '#contract'
import { notificationHref, notificationText } from '../../app/features/notifications/notification-item'
import { resources } from '../../app/locales/resources.server'
import { pushPayloadOf } from '../../api/modules/notifications/dto'
import { createInstance } from 'i18next'
import { i18nConfig } from '../../app/i18n'

const i18n = createInstance()
void i18n.init({ ...i18nConfig, resources, ns: ['notifications'], initImmediate: false })
const t = (language: 'en' | 'ru') => i18n.getFixedT(language, 'notifications')

const base: Notification = {
  _id: 'n1',
  notificationType: 'newPost',
  userFrom: { _id: 'u1', id: 'u1', name: 'Anna', lastname: 'Petrova', username: 'anna', avatarFile: null } as Notification['userFrom'],
  entityId: 'p1',
  createdAt: '2026-12-04T18:00:00.000Z',
  openedAt: null,
  isOpened: false,
  post: { _id: 'p1', title: 'Jazz night', eventType: 'EVENT' },
}
const invite: Notification = { ...base, notificationType: 'groupInvite', entityId: 'g1', post: null, group: { handle: 'river_walkers', name: 'River walkers' } }
const report = (targetType: 'POST' | 'USER' | 'GROUP'): Notification => ({
  ...base,
  notificationType: 'report',
  userFrom: null,
  entityId: 'r1',
  report: { status: 'RESOLVED', targetType, targetId: 'x1', targetLabel: 'X', targetHandle: targetType === 'GROUP' ? 'touts' : null },
})

describe('where a notification leads', () => {
  it('the event, a follower, a report’s target (a group by its handle), one’s profile settings, a group one is invited to', () => {
    expect(notificationPath(base)).toBe('/event/p1')
    expect(notificationPath({ ...base, notificationType: 'follow', entityId: 'u1', post: null })).toBe('/profile/u1')
    expect(notificationPath(report('POST'))).toBe('/event/x1')
    expect(notificationPath(report('USER'))).toBe('/profile/x1')
    expect(notificationPath(report('GROUP'))).toBe('/groups/touts')
    expect(notificationPath({ ...base, notificationType: 'moderation', moderation: { targetType: 'USER', field: 'moderationStatus', to: 'REJECTED', reason: null } })).toBe(
      '/admin/profile/settings/profile',
    )
    expect(notificationPath(invite)).toBe('/groups/river_walkers')
    // A group gone since: the list of groups, where invitations wait.
    expect(notificationPath({ ...invite, group: null })).toBe('/groups')
  })

  it('the bell and the push message lead to the same place', () => {
    for (const n of [base, invite, report('GROUP')]) {
      expect(pushPayloadOf(n, 'en', 'https://nearby.example').url).toBe(`https://nearby.example${notificationHref(n)}`)
    }
  })

  it('a group invitation says who invited whom to which group, on the web and in a push, in both languages', () => {
    expect(notificationText(invite, t('en'))).toBe('Anna Petrova invited you to join the group River walkers')
    expect(notificationText(invite, t('ru'))).toBe('Anna Petrova приглашает вас в группу River walkers')
    expect(pushPayloadOf(invite, 'en', 'https://nearby.example').body).toBe('Anna Petrova invited you to join the group “River walkers”')
    expect(pushPayloadOf(invite, 'ru', 'https://nearby.example').body).toBe('Anna Petrova приглашает вас в группу «River walkers»')
  })
})

describe('an organizer’s message (issue 45)', () => {
  const message: Notification = { ...base, notificationType: 'eventMessage', message: { _id: 'm1', body: 'Room 2 — bring $& snacks' } }
  it('leads to the event, and says who wrote about which event, their words as written, on the web and in a push, in both languages', () => {
    expect(notificationPath(message)).toBe('/event/p1')
    expect(notificationText(message, t('en'))).toBe('Anna Petrova about “Jazz night”: Room 2 — bring $& snacks')
    expect(notificationText(message, t('ru'))).toBe('Anna Petrova о «Jazz night»: Room 2 — bring $& snacks')
    expect(pushPayloadOf(message, 'en', 'https://nearby.example').body).toBe('Anna Petrova about “Jazz night”: Room 2 — bring $& snacks')
    expect(pushPayloadOf(message, 'ru', 'https://nearby.example').body).toBe('Anna Petrova о «Jazz night»: Room 2 — bring $& snacks')
  })
})
