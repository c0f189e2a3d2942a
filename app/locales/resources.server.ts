// Every text of the web in both languages, for the server (renders any page in any language: app/i18n.server.ts).
// The browser never imports this module: it loads its own language's namespaces one by one (app/locales/load.ts).
import { webMessages, type Language } from '#contract'
import type { Namespace } from '~/i18n'
import enAuth from './en/auth'
import enCommon from './en/common'
import enEventForm from './en/eventForm'
import enEventList from './en/eventList'
import enEventPage from './en/eventPage'
import enEvents from './en/events'
import enModeration from './en/moderation'
import enNotifications from './en/notifications'
import enProfile from './en/profile'
import enReport from './en/report'
import enFediverse from './en/fediverse'
import enEmbed from './en/embed'
import enGroups from './en/groups'
import enEventDay from './en/eventDay'
import enSettings from './en/settings'
import enStatic from './en/static'
import enToast from './en/toast'
import enUsers from './en/users'
import ruAuth from './ru/auth'
import ruCommon from './ru/common'
import ruEventForm from './ru/eventForm'
import ruEventList from './ru/eventList'
import ruEventPage from './ru/eventPage'
import ruEvents from './ru/events'
import ruModeration from './ru/moderation'
import ruNotifications from './ru/notifications'
import ruProfile from './ru/profile'
import ruReport from './ru/report'
import ruFediverse from './ru/fediverse'
import ruEmbed from './ru/embed'
import ruGroups from './ru/groups'
import ruEventDay from './ru/eventDay'
import ruSettings from './ru/settings'
import ruStatic from './ru/static'
import ruToast from './ru/toast'
import ruUsers from './ru/users'

export const resources = {
  en: {
    common: enCommon,
    toast: enToast,
    static: enStatic,
    validation: webMessages.en,
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
    fediverse: enFediverse,
    embed: enEmbed,
    groups: enGroups,
    eventDay: enEventDay,
  },
  ru: {
    common: ruCommon,
    toast: ruToast,
    static: ruStatic,
    validation: webMessages.ru,
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
    fediverse: ruFediverse,
    embed: ruEmbed,
    groups: ruGroups,
    eventDay: ruEventDay,
  },
} satisfies Record<Language, Record<Namespace, object>>
