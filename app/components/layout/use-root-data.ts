import { useRouteLoaderData } from '@remix-run/react'
import type { RootData } from '~/utils/root-data'

/** The root loader's data (user, locale, env, …); undefined only when the root loader itself failed. */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData<RootData>('root')
}
