// Server-side layout helpers: platform detection, the install banner's 7-day cookie, safe redirects.
import { describe, expect, it } from 'vitest'
import {
  backTo,
  detectMobilePlatform,
  getInstallBanner,
  INSTALL_BANNER_KEY,
  installBannerHidden,
  installBannerHideCookie,
} from '../../app/utils/layout.server'

const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36'
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148'
const IPAD =
  'Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148'
const DESKTOP =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36'
const STORES = { androidStoreUrl: 'https://play.example/app', iosStoreUrl: 'https://apps.example/app' }

function request(userAgent: string, cookie?: string) {
  const headers = new Headers({ 'User-Agent': userAgent })
  if (cookie) headers.set('Cookie', cookie)
  return new Request('http://localhost/', { headers })
}

describe('detectMobilePlatform', () => {
  it('knows Android and iOS devices, and nothing else', () => {
    expect(detectMobilePlatform(ANDROID)).toBe('android')
    expect(detectMobilePlatform(IPHONE)).toBe('ios')
    expect(detectMobilePlatform(IPAD)).toBe('ios')
    expect(detectMobilePlatform(DESKTOP)).toBeNull()
    expect(detectMobilePlatform('')).toBeNull()
    expect(detectMobilePlatform(null)).toBeNull()
  })
})

describe('install banner cookie', () => {
  it('hides the banner for 7 days (604800000 ms)', () => {
    const now = 1_700_000_000_000
    const cookie = installBannerHideCookie(now)
    expect(cookie).toContain(`${INSTALL_BANNER_KEY}=${now + 604_800_000}`)
    expect(cookie).toContain('Max-Age=604800')
    expect(cookie).toContain('Path=/')
    expect(cookie).toContain('SameSite=Lax')
    expect(cookie).not.toContain('HttpOnly')
  })

  it('is hidden only while the stored time is in the future', () => {
    const now = 1_700_000_000_000
    expect(installBannerHidden(`a=1; ${INSTALL_BANNER_KEY}=${now + 1}`, now)).toBe(true)
    expect(installBannerHidden(`${INSTALL_BANNER_KEY}=${now - 1}`, now)).toBe(false)
    expect(installBannerHidden(`${INSTALL_BANNER_KEY}=garbage`, now)).toBe(false)
    expect(installBannerHidden(null, now)).toBe(false)
  })

  it('reads the cookie with the first of duplicate names, and a broken value only shows the banner', () => {
    const now = 1_700_000_000_000
    expect(installBannerHidden(`${INSTALL_BANNER_KEY}=${now + 1};${INSTALL_BANNER_KEY}=${now - 1}`, now)).toBe(
      true,
    )
    expect(installBannerHidden(`other=x;  ${INSTALL_BANNER_KEY} = ${now + 1} ; last=y`, now)).toBe(true)
    expect(installBannerHidden(`${INSTALL_BANNER_KEY}=%E0%A4%A`, now)).toBe(false)
    expect(installBannerHidden('', now)).toBe(false)
  })
})

describe('getInstallBanner', () => {
  it('links each platform to its store', () => {
    expect(getInstallBanner(request(ANDROID), STORES)).toEqual({
      platform: 'android',
      storeUrl: STORES.androidStoreUrl,
    })
    expect(getInstallBanner(request(IPHONE), STORES)).toEqual({
      platform: 'ios',
      storeUrl: STORES.iosStoreUrl,
    })
  })

  it('is absent on desktops, after a close, and without a store URL', () => {
    expect(getInstallBanner(request(DESKTOP), STORES)).toBeNull()
    expect(
      getInstallBanner(request(ANDROID, `${INSTALL_BANNER_KEY}=${Date.now() + 60_000}`), STORES),
    ).toBeNull()
    expect(getInstallBanner(request(ANDROID), { ...STORES, androidStoreUrl: '' })).toBeNull()
    expect(getInstallBanner(request(IPHONE), null)).toBeNull()
  })
})

describe('backTo', () => {
  it('keeps same-site paths with their query', () => {
    expect(backTo('/privacy-policy')).toBe('/privacy-policy')
    expect(backTo('/?city=Belgrade&startDate=2030-01-01')).toBe('/?city=Belgrade&startDate=2030-01-01')
  })

  it('sends anything else home', () => {
    for (const value of [
      null,
      undefined,
      '',
      'privacy-policy',
      '//evil.example',
      '/\\evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      '/\tevil',
      '/resources/locale',
      '/resources',
    ]) {
      expect(backTo(value)).toBe('/')
    }
  })
})

