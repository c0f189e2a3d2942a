// Every area of the API is one folder under api/modules/ exporting a Fastify plugin (its routes).
// Add a module by writing api/modules/<area>/routes.ts and listing it here; it gets `app.ctx`
// (config, db, mail), `app.authenticate` / `app.requireActivated` / `app.requirePermission(action)` and the
// uniform error handling (throw `HttpError(status, code, fieldErrors)` from services).
import type { FastifyPluginAsync } from 'fastify'
import federationRoutes from '../federation/routes'
import mediaRoutes from '../media/routes'
import stagedRoutes from '../media/staged-routes'
import realtimeRoutes from '../realtime/routes'
import accountRoutes from './account/routes'
import moderationRoutes from './moderation/routes'
import authRoutes from './auth/routes'
import calendarRoutes from './calendar/routes'
import citiesRoutes from './cities/routes'
import embedRoutes from './embed/routes'
import eventsRoutes from './events/routes'
import geoRoutes from './geo/routes'
import profileRoutes from './profile/routes'
import healthRoutes from './health/routes'
import invitationsRoutes from './invitations/routes'
import notificationsRoutes from './notifications/routes'
import pushRoutes from './push/routes'
import remindersRoutes from './reminders/routes'
import reportsRoutes from './reports/routes'
import sourcesRoutes from './sources/routes'
import collectionsRoutes from './collections/routes'
import groupsRoutes from './groups/routes'
import webhooksRoutes from './webhooks/routes'

export const modules: { name: string; plugin: FastifyPluginAsync }[] = [
  { name: 'health', plugin: healthRoutes },
  { name: 'auth', plugin: authRoutes },
  { name: 'events', plugin: eventsRoutes },
  { name: 'profile', plugin: profileRoutes },
  { name: 'media', plugin: mediaRoutes },
  { name: 'staged photos', plugin: stagedRoutes },
  { name: 'cities', plugin: citiesRoutes },
  { name: 'geo', plugin: geoRoutes },
  { name: 'invitations', plugin: invitationsRoutes },
  { name: 'notifications', plugin: notificationsRoutes },
  { name: 'push', plugin: pushRoutes },
  { name: 'reminders', plugin: remindersRoutes },
  { name: 'realtime', plugin: realtimeRoutes },
  { name: 'account', plugin: accountRoutes },
  { name: 'reports', plugin: reportsRoutes },
  { name: 'moderation', plugin: moderationRoutes },
  { name: 'calendar', plugin: calendarRoutes },
  { name: 'embed', plugin: embedRoutes },
  { name: 'calendar sources', plugin: sourcesRoutes },
  { name: 'webhooks', plugin: webhooksRoutes },
  { name: 'collections', plugin: collectionsRoutes },
  { name: 'groups', plugin: groupsRoutes },
  { name: 'federation', plugin: federationRoutes },
]
