// Server-side facts the layout needs before any JavaScript runs: the visitor's mobile platform (install
// banner), whether the banner was dismissed (cookie of the no-JS dismiss form) and today's date (min of
// the header's date inputs).
import { TIMINGS, type AppVersion } from '#contract'
import { parseCookie } from 'cookie'
import { cookiesAreSecure } from './env.server'
import { safeRedirect } from './redirect'

export type MobilePlatform = 'android' | 'ios'

/** Android or iOS from the User-Agent; null for desktops and anything else. */
export function detectMobilePlatform(userAgent: string | null | undefined): MobilePlatform | null {
  if (!userAgent) return null
  if (/android/i.test(userAgent)) return 'android'
  if (/iphone|ipad|ipod/i.test(userAgent)) return 'ios'
  return null
}

/** Same name as the browser's localStorage key, so JavaScript can write the cookie too. */
export const INSTALL_BANNER_KEY = 'installBannerHiddenUntil'

/** The banner stays hidden while the cookie holds a time in the future. */
export function installBannerHidden(cookieHeader: string | null, now = Date.now()): boolean {
  const until = Number(parseCookie(cookieHeader ?? '')[INSTALL_BANNER_KEY])
  return Number.isFinite(until) && until > now
}

/** Set-Cookie that hides the banner for 7 days (SPEC §9). Not httpOnly: the browser code sets the same cookie. */
export function installBannerHideCookie(now = Date.now()): string {
  const until = now + TIMINGS.installBannerHideMs
  const parts = [
    `${INSTALL_BANNER_KEY}=${until}`,
    `Max-Age=${Math.floor(TIMINGS.installBannerHideMs / 1000)}`,
    'Path=/',
    'SameSite=Lax',
  ]
  if (cookiesAreSecure()) parts.push('Secure')
  return parts.join('; ')
}

export type InstallBannerData = { platform: MobilePlatform; storeUrl: string }

/** What the install banner shows, or null when it must not be shown. */
export function getInstallBanner(request: Request, appVersion: AppVersion | null): InstallBannerData | null {
  const platform = detectMobilePlatform(request.headers.get('user-agent'))
  if (!platform || installBannerHidden(request.headers.get('cookie'))) return null
  const storeUrl = platform === 'android' ? appVersion?.androidStoreUrl : appVersion?.iosStoreUrl
  if (!storeUrl) return null
  return { platform, storeUrl }
}

/**
 * Where the language switch and the banner's close form send the browser back to: a path on this site
 * (app/utils/redirect.ts), and never back to a resource route.
 */
export function backTo(value: FormDataEntryValue | string | null | undefined): string {
  const to = safeRedirect(value)
  return to === '/resources' || to.startsWith('/resources/') || to.startsWith('/resources?') ? '/' : to
}
