// /admin/profile/settings/notifications: web push on or off for this device (SPEC §7 POST /push/web).
// A push subscription is made by the browser's Push API, so the switch needs JavaScript; without it the
// page says so. The subscription is stored for the signed-in user only (the API takes the caller's id).
import { routeTexts } from '~/locales/load'
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { data } from '@remix-run/node'
import { useFetcher, useLoaderData } from '@remix-run/react'
import { useEffect, useState, type ReactNode } from 'react'
import { useTranslation } from '~/utils/use-translation'
import { pushSubscriptionSchema, pushUnsubscribeBodySchema } from '#contract'
import { useHydrated } from '~/components/ui/use-hydrated'
import { ApiError, ok } from '~/utils/api.server'
import { requireActivatedUser } from '~/utils/auth.server'
import { readFormData } from '~/utils/form.server'

/** The texts of this screen beyond the root's (app/i18n.ts). */
export const handle = routeTexts({ i18n: ['settings'] })

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireActivatedUser(request)
  const vapid = await ok(api.typed.GET('/push/vapidPublicKey'))
  return data({ publicKey: vapid.enabled ? vapid.publicKey : null })
}

export async function action({ request }: ActionFunctionArgs) {
  const { api } = await requireActivatedUser(request)
  const form = await readFormData(request)
  const intent = form.get('intent')
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
    if (!(error instanceof ApiError) || error.status >= 500) throw error
    return data({ ok: false }, { status: error.status })
  }
  return data({ ok: true })
}

type PushState = 'checking' | 'unsupported' | 'denied' | 'on' | 'off'

function applicationServerKey(base64Url: string): ArrayBuffer {
  const base64 = (base64Url + '='.repeat((4 - (base64Url.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/')
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0)).buffer
}

function pushSupported() {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
}

export default function NotificationSettings() {
  const { t } = useTranslation('settings')
  const { publicKey } = useLoaderData<typeof loader>()
  const hydrated = useHydrated()
  const fetcher = useFetcher<{ ok: boolean }>()
  const [state, setState] = useState<PushState>('checking')
  const [failed, setFailed] = useState(false)

  useEffect(() => {
    if (!publicKey) return
    if (!pushSupported()) return setState('unsupported')
    if (Notification.permission === 'denied') return setState('denied')
    void navigator.serviceWorker
      .register('/sw.js')
      .then((registration) => registration.pushManager.getSubscription())
      .then((subscription) => setState(subscription ? 'on' : 'off'))
      .catch(() => setState('unsupported'))
  }, [publicKey])

  async function turnOn() {
    setFailed(false)
    try {
      if ((await Notification.requestPermission()) !== 'granted') return setState('denied')
      const registration = await navigator.serviceWorker.ready
      const subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: applicationServerKey(publicKey ?? ''),
      })
      fetcher.submit({ intent: 'subscribe', subscription: JSON.stringify(subscription.toJSON()) }, { method: 'post' })
      setState('on')
    } catch {
      setFailed(true)
    }
  }

  async function turnOff() {
    setFailed(false)
    try {
      const registration = await navigator.serviceWorker.ready
      const subscription = await registration.pushManager.getSubscription()
      if (subscription) {
        fetcher.submit({ intent: 'unsubscribe', endpoint: subscription.endpoint }, { method: 'post' })
        await subscription.unsubscribe()
      }
      setState('off')
    } catch {
      setFailed(true)
    }
  }

  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data && !fetcher.data.ok) setFailed(true)
  }, [fetcher.state, fetcher.data])

  let body: ReactNode
  if (!publicKey) body = <p className="text-slate-600">{t('notifications.notConfigured')}</p>
  else if (!hydrated) body = <p className="text-slate-600">{t('notifications.needsJs')}</p>
  else if (state === 'unsupported') body = <p className="text-slate-600">{t('notifications.unsupported')}</p>
  else if (state === 'denied') body = <p className="text-slate-600">{t('notifications.denied')}</p>
  else if (state === 'checking') body = null
  else
    body = (
      <>
        <p className="mb-3 text-slate-700" role="status">
          {state === 'on' ? t('notifications.on') : t('notifications.off')}
        </p>
        <button
          type="button"
          onClick={() => void (state === 'on' ? turnOff() : turnOn())}
          className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
        >
          {state === 'on' ? t('notifications.disable') : t('notifications.enable')}
        </button>
      </>
    )

  return (
    <>
      <h2 className="mb-2 text-xl font-semibold">{t('notifications.push')}</h2>
      <p className="mb-4 text-sm text-slate-600">{t('notifications.pushIntro')}</p>
      {body}
      {failed ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {t('notifications.failed')}
        </p>
      ) : null}
    </>
  )
}
