// Settings → Notifications (/admin/profile/settings/notifications): the event reminders (a day and an hour
// before the start, and by email; docs/decisions/030-event-reminders.md) — a plain form that works without
// JavaScript — and web push on or off for this device. A push subscription is made by the browser's Push
// API, so that switch needs JavaScript; without it the page says so. Loader and action: notifications.server.ts.
import { Form, useActionData, useFetcher, useLoaderData } from '@remix-run/react'
import { useEffect, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { ActionToast } from '~/components/forms/action-toast'
import type { FormActionData } from '~/utils/submission.server'
import { SubmitButton } from '~/components/forms/submit-button'
import { useHydrated } from '~/components/ui/use-hydrated'
import type { loadNotificationSettings } from './notifications.server'

type PushState = 'checking' | 'unsupported' | 'denied' | 'on' | 'off'

function applicationServerKey(base64Url: string): ArrayBuffer {
  const base64 = (base64Url + '='.repeat((4 - (base64Url.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/')
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0)).buffer
}

function pushSupported() {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
}

/** What this browser says before anything is asked of it (in the browser only): no push, or push refused. */
function pushBlocked(): PushState | null {
  if (!pushSupported()) return 'unsupported'
  if (Notification.permission === 'denied') return 'denied'
  return null
}

/** The reminder switches: checkboxes and Save, a plain POST (redirect and toast), with or without JavaScript. */
function ReminderSettings() {
  const { t } = useTranslation('settings')
  const { reminders } = useLoaderData<typeof loadNotificationSettings>()
  const actionData = useActionData<FormActionData>()
  const refused = !!actionData?.result && actionData.result.status === 'error' && !actionData.toast
  const switches = [
    ['remind24h', reminders.remind24h],
    ['remind1h', reminders.remind1h],
    ['remindByMail', reminders.remindByMail],
  ] as const
  return (
    <section aria-labelledby="reminders-title" className="mb-8">
      <h2 id="reminders-title" className="mb-2 text-xl font-semibold">
        {t('notifications.reminders')}
      </h2>
      <p className="mb-4 text-sm text-slate-600">{t('notifications.remindersIntro')}</p>
      {/* Saved values are the defaults: a new key after a save shows what the server has. */}
      <Form method="post" key={JSON.stringify(reminders)} className="space-y-3">
        <input type="hidden" name="intent" value="reminders" />
        <fieldset className="space-y-2">
          <legend className="mb-1 text-sm font-medium text-slate-800">{t('notifications.remindersLegend')}</legend>
          {switches.map(([name, on]) => (
            <label key={name} className="flex items-center gap-2 text-sm text-slate-700">
              <input type="checkbox" name={name} defaultChecked={on} className="h-4 w-4 rounded border-slate-300" />
              {t(`notifications.${name}`)}
            </label>
          ))}
        </fieldset>
        <SubmitButton>{t('notifications.remindersSave')}</SubmitButton>
      </Form>
      {refused ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {t('notifications.remindersFailed')}
        </p>
      ) : null}
      <ActionToast toast={actionData?.toast} />
    </section>
  )
}

export function NotificationSettings() {
  const { t } = useTranslation('settings')
  const { publicKey } = useLoaderData<typeof loadNotificationSettings>()
  const hydrated = useHydrated()
  const fetcher = useFetcher<{ ok: boolean }>()
  /** What the service worker's subscription says (asked once hydrated), or what a switch just did. */
  const [pushState, setPushState] = useState<PushState>('checking')
  const state = hydrated ? (pushBlocked() ?? pushState) : 'checking'
  const [failed, setFailed] = useState(false)
  // The web's answer to the last subscribe or unsubscribe: a refusal shows until the reader tries again.
  const [triedAgainAfter, setTriedAgainAfter] = useState<typeof fetcher.data>()
  const refused = fetcher.state === 'idle' && fetcher.data?.ok === false && fetcher.data !== triedAgainAfter

  useEffect(() => {
    if (!publicKey || pushBlocked()) return
    void navigator.serviceWorker
      .register('/sw.js')
      .then((registration) => registration.pushManager.getSubscription())
      .then((subscription) => setPushState(subscription ? 'on' : 'off'))
      .catch(() => setPushState('unsupported'))
  }, [publicKey])

  function tryAgain() {
    setFailed(false)
    setTriedAgainAfter(fetcher.data)
  }

  async function turnOn() {
    tryAgain()
    try {
      if ((await Notification.requestPermission()) !== 'granted') return setPushState('denied')
      const registration = await navigator.serviceWorker.ready
      const subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: applicationServerKey(publicKey ?? ''),
      })
      fetcher.submit({ intent: 'subscribe', subscription: JSON.stringify(subscription.toJSON()) }, { method: 'post' })
      setPushState('on')
    } catch {
      setFailed(true)
    }
  }

  async function turnOff() {
    tryAgain()
    try {
      const registration = await navigator.serviceWorker.ready
      const subscription = await registration.pushManager.getSubscription()
      if (subscription) {
        fetcher.submit({ intent: 'unsubscribe', endpoint: subscription.endpoint }, { method: 'post' })
        await subscription.unsubscribe()
      }
      setPushState('off')
    } catch {
      setFailed(true)
    }
  }

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
      <ReminderSettings />
      <h2 className="mb-2 text-xl font-semibold">{t('notifications.push')}</h2>
      <p className="mb-4 text-sm text-slate-600">{t('notifications.pushIntro')}</p>
      {body}
      {failed || refused ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {t('notifications.failed')}
        </p>
      ) : null}
    </>
  )
}
