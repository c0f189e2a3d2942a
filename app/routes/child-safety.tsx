// /child-safety: the child safety standards (SPEC §2). Static: ships no JavaScript.
import { routeTexts } from '~/locales/load'
import { StaticPage, staticPageMeta } from '~/components/layout/static-page'
import { useRootData } from '~/components/layout/use-root-data'

export const handle = routeTexts({ hydrate: false as const, i18n: ['static'] })
export const meta = staticPageMeta('childSafety')

export default function ChildSafetyPage() {
  const supportUrl = useRootData()?.ENV.SUPPORT_URL ?? null
  return <StaticPage page="childSafety" supportUrl={supportUrl} />
}
