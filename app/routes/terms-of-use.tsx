// /terms-of-use: the terms of use (SPEC §2). Static: ships no JavaScript.
import { routeTexts } from '~/locales/load'
import { StaticPage, staticPageMeta } from '~/components/layout/static-page'
import { useRootData } from '~/components/layout/use-root-data'

export const handle = routeTexts({ hydrate: false as const, i18n: ['static'] })
export const meta = staticPageMeta('termsOfUse')

export default function TermsOfUsePage() {
  const supportUrl = useRootData()?.ENV.SUPPORT_URL ?? null
  return <StaticPage page="termsOfUse" supportUrl={supportUrl} />
}
