import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/**
 * False on the server and during hydration, true afterwards. Components render their no-JavaScript
 * fallback until then, so the server HTML works on its own and hydration never mismatches. React renders
 * hydration with the server's snapshot and then, in one render for all of them, with the browser's; a
 * component mounted later (a client-side navigation) starts at true.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(subscribe, isBrowser, isServer)
}

function isBrowser() {
  return true
}

function isServer() {
  return false
}
