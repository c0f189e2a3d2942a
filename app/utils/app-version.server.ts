import type { AppVersion } from '#contract'
import { ok, type Api } from './api.server'

const CACHE_MS = 10 * 60 * 1000
let cached: { value: AppVersion; at: number } | null = null

/** Store links for the footer (GET /auth/app-version); a failure is only logged (SPEC §8). */
export async function getAppVersion(api: Api): Promise<AppVersion | null> {
  if (cached && Date.now() - cached.at < CACHE_MS) return cached.value
  try {
    const value = await ok(api.typedAsVisitor.GET('/auth/app-version'))
    if (!value.androidStoreUrl || !value.iosStoreUrl) console.warn('App version: a store URL is empty')
    cached = { value, at: Date.now() }
    return value
  } catch (error) {
    console.error('App version: could not load the store links', error)
    return cached?.value ?? null
  }
}
