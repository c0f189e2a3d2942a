// The install-app banner (SPEC §2 Layout, §9): only on Android or iOS (decided on the server from the
// User-Agent, so it renders without JavaScript), linking to the right store, hidden for 7 days after close.
// Without JavaScript the close button posts a form that sets a 7-day cookie; with JavaScript the same
// button stores the time in localStorage (and the same cookie, so the server stops rendering it).
import { useLocation } from '@remix-run/react'
import { useState, useSyncExternalStore, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { TIMINGS } from '#contract'
import { CloseIcon, LogoMark } from '~/components/ui/icons'
import type { InstallBannerData } from '~/utils/layout.server'

/** The localStorage key, also the cookie name (layout.server.ts). */
export const INSTALL_BANNER_STORAGE_KEY = 'installBannerHiddenUntil'

function hiddenInStorage(): boolean {
  try {
    return Number(window.localStorage.getItem(INSTALL_BANNER_STORAGE_KEY)) > Date.now()
  } catch {
    return false
  }
}

/** A close in another tab of this browser. */
function subscribeToStorage(onChange: () => void) {
  window.addEventListener('storage', onChange)
  return () => window.removeEventListener('storage', onChange)
}

const hiddenOnServer = () => false

export function InstallBanner({ banner }: { banner: InstallBannerData | null }) {
  const { t } = useTranslation()
  const location = useLocation()
  const [dismissed, setDismissed] = useState(false)
  // The server cannot see localStorage: hydration renders the banner as the server did, then hides it (and a
  // close in another tab hides it here too).
  const hidden = useSyncExternalStore(subscribeToStorage, hiddenInStorage, hiddenOnServer)

  if (!banner || hidden || dismissed) return null

  function dismiss(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const until = Date.now() + TIMINGS.installBannerHideMs
    try {
      window.localStorage.setItem(INSTALL_BANNER_STORAGE_KEY, String(until))
    } catch {
      // Storage unavailable (private mode): the cookie below still hides it.
    }
    const secure = window.location.protocol === 'https:' ? '; Secure' : ''
    document.cookie = `${INSTALL_BANNER_STORAGE_KEY}=${until}; Max-Age=${TIMINGS.installBannerHideMs / 1000}; Path=/; SameSite=Lax${secure}`
    setDismissed(true)
  }

  return (
    <aside
      aria-label={t('installBanner.label')}
      data-testid="install-banner"
      className="border-b border-brand-100 bg-brand-50"
    >
      <div className="mx-auto flex max-w-7xl items-center gap-3 px-3 py-2.5 sm:px-6">
        <LogoMark className="hidden h-9 w-9 shrink-0 min-[360px]:block" />
        <div className="min-w-0 flex-1">
          <p className="text-sm font-semibold text-slate-900">{t('installBanner.title')}</p>
          <p className="text-xs text-slate-600">
            {banner.platform === 'android' ? t('installBanner.textAndroid') : t('installBanner.textIos')}
          </p>
        </div>
        <a
          href={banner.storeUrl}
          rel="noopener noreferrer"
          target="_blank"
          data-testid="install-banner-link"
          className="shrink-0 rounded-lg bg-brand-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-700"
        >
          {t('installBanner.install')}
        </a>
        <form method="post" action="/resources/install-banner" onSubmit={dismiss} className="flex shrink-0">
          <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
          <button
            type="submit"
            aria-label={t('installBanner.dismiss')}
            title={t('installBanner.dismiss')}
            className="inline-flex h-8 w-8 items-center justify-center rounded-lg text-slate-500 hover:bg-brand-100 hover:text-slate-900"
          >
            <CloseIcon className="h-4 w-4" />
          </button>
        </form>
      </div>
    </aside>
  )
}
