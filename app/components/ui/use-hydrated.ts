import { useEffect, useState } from 'react'

let hydrated = false

/**
 * False on the server and during hydration, true afterwards. Components render their no-JavaScript
 * fallback until then, so the server HTML works on its own and hydration never mismatches.
 */
export function useHydrated(): boolean {
  const [isHydrated, setIsHydrated] = useState(hydrated)
  useEffect(() => {
    hydrated = true
    setIsHydrated(true)
  }, [])
  return isHydrated
}
