// /privacy-policy: the privacy policy (SPEC §2). Static: ships no JavaScript.
import { routeTexts } from '~/locales/load'
import { StaticPage, staticPageMeta } from '~/components/layout/static-page'
import { useRootData } from '~/components/layout/use-root-data'

export const handle = routeTexts({ hydrate: false as const, i18n: ['static'] })
export const meta = staticPageMeta('privacyPolicy')

export default function PrivacyPolicyPage() {
  const supportUrl = useRootData()?.ENV.SUPPORT_URL ?? null
  return <StaticPage page="privacyPolicy" supportUrl={supportUrl} />
}
