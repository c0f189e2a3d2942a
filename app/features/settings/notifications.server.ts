// Settings → Notifications: the reminder switches (PUT /profile/notificationSettings) and web push on or off
// for this device (SPEC §7 POST /push/web). Both are stored for the signed-in user only (the API takes the
// caller's id).
import { data } from '@remix-run/node'
import { notificationSettingsFormSchema, pushSubscriptionSchema, pushUnsubscribeBodySchema } from '#contract'
import { apiFailure, invalid, parseWithZod } from '~/utils/submission.server'
import { ApiError, ok, type Api } from '~/utils/api.server'
import { readFormData } from '~/utils/form.server'
import { redirectWithToast } from '~/utils/toast.server'

export async function loadNotificationSettings(api: Api) {
  const [vapid, reminders] = await Promise.all([
    ok(api.typed.GET('/push/vapidPublicKey')),
    ok(api.typed.GET('/profile/notificationSettings')),
  ])
  return data({ publicKey: vapid.enabled ? vapid.publicKey : null, reminders })
}

const PATH = '/admin/profile/settings/notifications'

/** intent reminders: the reminder switches (a plain POST); subscribe / unsubscribe: this device's web push. */
export async function saveNotificationSettings(request: Request, api: Api) {
  const form = await readFormData(request)
  const intent = form.get('intent')
  if (intent === 'reminders') {
    // Unticked checkboxes are not posted: absent = off. Anything but 'on' is a forged body (400).
    const submission = parseWithZod(form, { schema: notificationSettingsFormSchema })
    if (submission.status !== 'success') return invalid(submission)
    try {
      await ok(api.typed.PUT('/profile/notificationSettings', { body: submission.value }))
    } catch (error) {
      // The API failing is "unavailable" (503), not a crash of this page.
      if (error instanceof ApiError && error.status >= 500) throw data(null, { status: 503 })
      return apiFailure(submission, error, { toast: true })
    }
    return redirectWithToast(PATH, { message: 'reminderSettingsSaved' })
  }
  try {
    if (intent === 'subscribe') {
      const parsed = pushSubscriptionSchema.safeParse(JSON.parse(String(form.get('subscription') ?? 'null')))
      if (!parsed.success) return data({ ok: false }, { status: 400 })
      await ok(api.typed.POST('/push/web', { body: { subscription: parsed.data } }))
    } else if (intent === 'unsubscribe') {
      const parsed = pushUnsubscribeBodySchema.safeParse({ endpoint: form.get('endpoint') })
      if (!parsed.success) return data({ ok: false }, { status: 400 })
      await ok(api.typed.DELETE('/push/web', { body: parsed.data }))
    } else {
      return data({ ok: false }, { status: 400 })
    }
  } catch (error) {
    if (error instanceof SyntaxError) return data({ ok: false }, { status: 400 })
    if (!(error instanceof ApiError)) throw error
    return data({ ok: false }, { status: error.status >= 500 ? 503 : error.status })
  }
  return data({ ok: true })
}
