import { useRouteLoaderData } from '@remix-run/react'
import type { loader } from '~/root'

/** The root loader's data (user, locale, env, …); undefined only when the root loader itself failed. */
export function useRootData() {
  return useRouteLoaderData<typeof loader>('root')
}
