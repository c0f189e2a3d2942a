// i18next setup shared by the server (remix-i18next) and the browser. All resources are bundled:
// they are small, and it keeps pages translatable with no extra request and with JavaScript off.
import { DEFAULT_LANGUAGE, LANGUAGES, messages } from '#contract'
import enAuth from './locales/en/auth'
import enCommon from './locales/en/common'
import enEventForm from './locales/en/eventForm'
import enEventList from './locales/en/eventList'
import enEventPage from './locales/en/eventPage'
import enEvents from './locales/en/events'
import enModeration from './locales/en/moderation'
import enNotifications from './locales/en/notifications'
import enProfile from './locales/en/profile'
import enReport from './locales/en/report'
import enSettings from './locales/en/settings'
import enStatic from './locales/en/static'
import enToast from './locales/en/toast'
import enUsers from './locales/en/users'
import ruAuth from './locales/ru/auth'
import ruCommon from './locales/ru/common'
import ruEventForm from './locales/ru/eventForm'
import ruEventList from './locales/ru/eventList'
import ruEventPage from './locales/ru/eventPage'
import ruEvents from './locales/ru/events'
import ruModeration from './locales/ru/moderation'
import ruNotifications from './locales/ru/notifications'
import ruProfile from './locales/ru/profile'
import ruReport from './locales/ru/report'
import ruSettings from './locales/ru/settings'
import ruStatic from './locales/ru/static'
import ruToast from './locales/ru/toast'
import ruUsers from './locales/ru/users'

export const resources = {
  en: {
    common: enCommon,
    toast: enToast,
    static: enStatic,
    validation: messages.en,
    auth: enAuth,
    settings: enSettings,
    events: enEvents,
    eventList: enEventList,
    eventPage: enEventPage,
    eventForm: enEventForm,
    notifications: enNotifications,
    profile: enProfile,
    users: enUsers,
    moderation: enModeration,
    report: enReport,
  },
  ru: {
    common: ruCommon,
    toast: ruToast,
    static: ruStatic,
    validation: messages.ru,
    auth: ruAuth,
    settings: ruSettings,
    events: ruEvents,
    eventList: ruEventList,
    eventPage: ruEventPage,
    eventForm: ruEventForm,
    notifications: ruNotifications,
    profile: ruProfile,
    users: ruUsers,
    moderation: ruModeration,
    report: ruReport,
  },
}

export const namespaces = Object.keys(resources.en) as Array<keyof (typeof resources)['en']>

export default {
  supportedLngs: [...LANGUAGES],
  fallbackLng: DEFAULT_LANGUAGE,
  defaultNS: 'common',
  ns: namespaces,
  interpolation: { escapeValue: false },
}
