// The role permission of every API route (decision 032): one named entry of contract/permissions.ts, or null
// for a route without a role rule — public, or open to any signed-in person, with the finer checks (owner,
// activated, visibility) in the route's preHandler and the access policy. `declareRoutePermissions` makes the
// app refuse to start with a route missing here, and enforces each named permission before the body is read,
// so a caller without the rights learns nothing from validation errors. The web shows and hides actions by
// the same names (contract can()).
import type { Permission } from '#contract'
import type { FastifyInstance, RouteOptions } from 'fastify'

const ROUTE_PERMISSIONS = {
  'GET /health': null,
  // the embeddable programme (decision 043): public
  'GET /embed/events': null,
  // federation (api/federation/http.ts and routes.ts): public, signed by their senders where it matters (Fedify checks)
  'GET /.well-known/webfinger': null,
  'GET /.well-known/nodeinfo': null,
  'GET /nodeinfo/2.1': null,
  'GET /ap/actors/:identifier': null,
  'GET /ap/actors/:identifier/outbox': null,
  'GET /ap/actors/:identifier/followers': null,
  'GET /ap/events/:id': null,
  'POST /ap/actors/:identifier/inbox': null,
  'POST /ap/inbox': null,
  'GET /ap/posts/:id': null,
  'GET /ap/cities': null,
  'PUT /profile/my/federation': null,
  'GET /federation/remote-follow': null,
  'POST /federation/following': null,
  'GET /federation/media/:id': null,
  'GET /admin/federation/instances': 'moderate',
  'PUT /admin/federation/domains/:domain': 'moderate',
  // auth
  'POST /auth/registration': null,
  'POST /auth/resetPassword': null,
  'POST /auth/refresh': null,
  'POST /auth/login': null,
  'POST /auth/loginByGoogle': null,
  'POST /auth/logout': null,
  'POST /auth/activateEmail': null,
  'GET /auth/app-version': null,
  'POST /auth/verificateEmail': null,
  'POST /auth/newPassword': null,
  'POST /auth/changePassword': null,
  'GET /auth/my': null,
  // the moderation console; editAnyContent (edits, photos, avatars) and manageRoles (roles, names) are checked by
  // the moderation service, which answers an admin 403 superAdminOnly
  'GET /admin/users': 'moderate',
  'GET /admin/users/:id': 'moderate',
  'PATCH /admin/users/:id': 'moderate',
  'POST /admin/users/:id/upload-avatar': 'moderate',
  'DELETE /admin/users/:id/avatar': 'moderate',
  'GET /admin/events': 'moderate',
  'GET /admin/places': 'moderate',
  'PATCH /admin/posts/:id': 'moderate',
  'POST /admin/posts/:postId/:userId': 'moderate',
  'DELETE /admin/posts/:postId/:userId': 'moderate',
  'GET /admin/reports': 'reviewReports',
  'GET /admin/reports/summary': 'reviewReports',
  'PATCH /admin/reports/:id': 'reviewReports',
  'GET /admin/log': 'moderate',
  // events and places (finer: createPlace and eventAdminFields by the form, in the events service)
  'POST /event': null,
  'GET /event/all': null,
  'GET /event/month': null,
  'GET /event/my': null,
  'GET /event/widget/my': null,
  'GET /event/widget/:userId': null,
  'GET /event/:id': null,
  'PUT /event/:id': null,
  'DELETE /event/:id': null,
  'GET /event/:id/events': null,
  'POST /event/:id/upload': null,
  'DELETE /event/:id/upload': null,
  'PUT /event/:id/like': null,
  'PUT /event/:id/view': null,
  'PUT /event/:id/participate': null,
  'GET /event/:id/participants': null,
  'PUT /event/:id/participant/:userId': null,
  'PUT /event/:id/waitlist': null,
  'DELETE /event/:id/waitlist': null,
  'GET /event/:id/waitlist': null,
  'GET /event/:id/roster': null,
  'GET /event/:id/participants.csv': null,
  'GET /event/:id/checkin/my': null,
  'POST /event/:id/checkin': null,
  'DELETE /event/:id/checkin/:userId': null,
  'POST /event/:id/messages': null,
  'GET /event/:id/messages': null,
  'DELETE /event/:id/waitlist/:userId': null,
  // approval (decision 042): the organizer's checks are the access policy's (mayEdit)
  'PUT /event/:id/join-request': null,
  'DELETE /event/:id/join-request': null,
  'GET /event/:id/join-requests': null,
  'PUT /event/:id/join-requests': null,
  'PUT /event/:id/join-requests/:userId': null,
  'POST /event/:id/cancel': null,
  'POST /event/:id/reschedule': null,
  // profiles
  'GET /profile/': null,
  'GET /profile/my': null,
  'PATCH /profile/my': null,
  'GET /profile/my/followers': null,
  'GET /profile/my/following': null,
  'POST /profile/my/deletion': null,
  'GET /profile/my/deletion': null,
  'DELETE /profile/my/deletion': null,
  'POST /profile/my/deletion/code': null,
  'POST /profile/upload': null,
  'GET /profile/avatar': null,
  'DELETE /profile/avatar': null,
  'GET /profile/notificationSettings': null,
  'PUT /profile/notificationSettings': null,
  'GET /profile/:id': null,
  'PUT /profile/:id/follow': null,
  'GET /profile/:id/followers': null,
  'GET /profile/:id/following': null,
  // the rest
  'GET /push/vapidPublicKey': null,
  'POST /push/web': null,
  'DELETE /push/web': null,
  'GET /uploads/static/placeholder.svg': null,
  'GET /uploads/:folder/:file': null,
  // photos staged for a form sent next: any activated person, each their own (api/media/staged-routes.ts)
  'POST /uploads/staged': null,
  'GET /uploads/staged/:token': null,
  'DELETE /uploads/staged/:token': null,
  'POST /city': null,
  'GET /calendar/me': null,
  'POST /calendar/me/reset': null,
  'GET /calendar/feed/:token.ics': null,
  'GET /calendar/organizer/:userId.ics': null,
  'GET /calendar/place/:placeId.ics': null,
  'GET /calendar/city.ics': null,
  'GET /calendar/city.atom': null,
  'GET /calendar/collection/:slug.ics': null,
  'GET /calendar/collection/:slug.atom': null,
  'GET /calendar/group/:handle.ics': null,
  'GET /calendar/group/:handle.atom': null,
  'GET /geo/search': null,
  // calendar sources (issue 42): the owner's, or a moderator's (checked by the service: others get 404; all=true,
  // trusted and paused need moderate)
  'GET /sources': null,
  'POST /sources': null,
  'GET /sources/:id': null,
  'PATCH /sources/:id': null,
  'DELETE /sources/:id': null,
  'POST /sources/:id/sync': null,
  // collections (issue 43): everyone reads them; moderators make, change and remove them
  'GET /collections': null,
  'POST /collections': 'moderate',
  'GET /collections/:slug': null,
  'PATCH /collections/:slug': 'moderate',
  'DELETE /collections/:slug': 'moderate',
  // groups (issue 45): reading an active group is public; the rest needs an activated account and the caller's role
  // in the group (contract GROUP_PERMISSIONS, checked by the groups services)
  'GET /groups': null,
  'POST /groups': null,
  'GET /groups/my': null,
  'GET /groups/invitations/my': null,
  'POST /groups/invitations/:id/respond': null,
  'GET /groups/:handle': null,
  'PATCH /groups/:handle': null,
  'DELETE /groups/:handle': null,
  'POST /groups/:handle/avatar': null,
  'DELETE /groups/:handle/avatar': null,
  'GET /groups/:handle/events': null,
  'PUT /groups/:handle/follow': null,
  'GET /groups/:handle/members': null,
  'PATCH /groups/:handle/members/:userId': null,
  'DELETE /groups/:handle/members/:userId': null,
  'POST /groups/:handle/leave': null,
  'POST /groups/:handle/transfer': null,
  'GET /groups/:handle/invitations': null,
  'POST /groups/:handle/invitations': null,
  'DELETE /groups/:handle/invitations/:id': null,
  'GET /admin/groups': 'moderate',
  'PATCH /admin/groups/:handle': 'moderate',
  // webhooks (issue 42): each caller's own (others get 404); scope SITE needs moderate (checked by the service)
  'GET /webhooks': null,
  'POST /webhooks': null,
  'GET /webhooks/:id': null,
  'PATCH /webhooks/:id': null,
  'DELETE /webhooks/:id': null,
  'GET /webhooks/:id/deliveries': null,
  'POST /webhooks/:id/test': null,
  'POST /invitations': null,
  'GET /invitations/my': null,
  'GET /invitations/:id/statuses': null,
  'POST /invitations/:id/respond': null,
  'DELETE /invitations/:id/user': null,
  'GET /notifications': null,
  'GET /notifications/latest': null,
  'PUT /notifications/markAsOpened': null,
  'DELETE /notifications/:id': null,
  'PUT /notifications/:id/markAsOpened': null,
  'POST /realtime/ticket': null,
  'POST /reports': null,
} satisfies Record<string, Permission | null>

export type RouteKey = keyof typeof ROUTE_PERMISSIONS

/** The permission of a route, by 'METHOD /url' as Fastify registers it (undefined: not declared). */
export function routePermission(key: string): Permission | null | undefined {
  return (ROUTE_PERMISSIONS as Record<string, Permission | null>)[key]
}

export function routeKeys(): string[] {
  return Object.keys(ROUTE_PERMISSIONS)
}

const registered = new WeakMap<FastifyInstance, Set<string>>()

/** The routes an app registered under `declareRoutePermissions`, as 'METHOD /url' (HEAD as its GET). */
export function registeredRouteKeys(app: FastifyInstance): string[] {
  return [...(registered.get(app) ?? [])]
}

/**
 * Checks the table on every route registered after this call; `assertAllDeclared` (after the modules) throws,
 * naming each route that is missing, so an undeclared route never starts.
 */
export function declareRoutePermissions(app: FastifyInstance): { assertAllDeclared(): void } {
  const missing: string[] = []
  const seen = new Set<string>()
  registered.set(app, seen)
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'OPTIONS')
    for (const method of methods) {
      // A HEAD route is its GET's twin, with the same rights.
      const key = `${method === 'HEAD' ? 'GET' : method} ${route.url}`
      seen.add(key)
      const permission = routePermission(key)
      if (permission === undefined) {
        missing.push(key)
        continue
      }
      if (permission === null) continue
      const own = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : []
      route.onRequest = [app.requirePermission(permission), ...own]
    }
  })
  return {
    assertAllDeclared() {
      if (missing.length)
        throw new Error(`API routes without a declared permission (api/access/route-permissions.ts): ${missing.join(', ')}`)
    },
  }
}
