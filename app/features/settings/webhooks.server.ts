// Settings → Webhooks: the person's webhooks (GET /webhooks) with each one's last deliveries, adding one (its
// secret is shown once), sending a test, turning one off or on, removing one. Plain forms: redirect and toast.
// The new secret crosses the redirect in a short-lived, httpOnly cookie of this page only, read (and deleted) once.
import { createCookieSessionStorage, data } from '@remix-run/node'
import { can, createWebhookBodySchema, type WebhookEvent, webhookIntentSchema } from '#contract'
import { apiFailure, invalid, parseWithZod } from '~/utils/submission.server'
import { ApiError, ok, type Api } from '~/utils/api.server'
import { cookiesAreSecure, getEnv } from '~/utils/env.server'
import { readFormData } from '~/utils/form.server'
import { combineHeaders, redirectWithToast } from '~/utils/toast.server'

const PATH = '/admin/profile/settings/webhooks'

const secretStorage = createCookieSessionStorage({
  cookie: {
    name: 'nearby_webhook_secret',
    httpOnly: true,
    sameSite: 'lax',
    // The settings' folder, not the page: with JavaScript its data is read from `${PATH}.data`.
    path: '/admin/profile/settings',
    maxAge: 300,
    secure: cookiesAreSecure(),
    secrets: getEnv().SESSION_SECRET.split(',').map((secret) => secret.trim()),
  },
})

export async function loadWebhooks(request: Request, api: Api, role: string) {
  const { items } = await ok(api.typed.GET('/webhooks'))
  const logs = await Promise.all(
    items.map(async (hook) => (await ok(api.typed.GET('/webhooks/{id}/deliveries', { params: { path: { id: hook.id } } }))).items.slice(0, 10)),
  )
  const session = await secretStorage.getSession(request.headers.get('Cookie'))
  const created = session.has('secret') ? { id: String(session.get('id')), secret: String(session.get('secret')) } : null
  return data(
    { webhooks: items.map((hook, i) => ({ ...hook, deliveries: logs[i] ?? [] })), created, maySite: can(role, 'moderate') },
    created ? { headers: { 'Set-Cookie': await secretStorage.destroySession(session) } } : undefined,
  )
}

export async function saveWebhooks(request: Request, api: Api) {
  const form = await readFormData(request)
  const intent = form.get('intent')
  if (intent === 'test' || intent === 'enable' || intent === 'disable' || intent === 'remove') return onWebhook(form, api)
  const submission = parseWithZod(form, { schema: createWebhookBodySchema })
  if (submission.status !== 'success') return invalid(submission)
  let created: { id: string; secret: string }
  try {
    const { url, events, scope, description } = submission.value
    // The schema has checked there is at least one (the API's type says so as a tuple).
    const chosen = events as [WebhookEvent, ...WebhookEvent[]]
    created = await ok(api.typed.POST('/webhooks', { body: { url, events: chosen, scope, description } }))
  } catch (error) {
    if (error instanceof ApiError && error.status >= 500) throw data(null, { status: 503 })
    return apiFailure(submission, error)
  }
  const session = await secretStorage.getSession()
  session.flash('id', created.id)
  session.flash('secret', created.secret)
  return redirectWithToast(PATH, { message: 'webhookAdded' }, { headers: combineHeaders({ 'Set-Cookie': await secretStorage.commitSession(session) }) })
}

/** Send a test, turn off or on, remove: an unknown or foreign id is the API's 404, shown as a toast. */
async function onWebhook(form: FormData, api: Api) {
  const submission = parseWithZod(form, { schema: webhookIntentSchema })
  if (submission.status !== 'success') return invalid(submission)
  const { intent, webhookId } = submission.value
  const path = { params: { path: { id: webhookId } } }
  try {
    if (intent === 'remove') await ok(api.typed.DELETE('/webhooks/{id}', path))
    else if (intent === 'test') await ok(api.typed.POST('/webhooks/{id}/test', path))
    else await ok(api.typed.PATCH('/webhooks/{id}', { ...path, body: { enabled: intent === 'enable' } }))
  } catch (error) {
    if (error instanceof ApiError && error.status >= 500) throw data(null, { status: 503 })
    return apiFailure(submission, error, { toast: true })
  }
  const message = { remove: 'webhookRemoved', test: 'webhookTestQueued', enable: 'webhookEnabled', disable: 'webhookDisabled' }[intent]
  return redirectWithToast(PATH, { message })
}
