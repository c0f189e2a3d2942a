// /terms-of-use: the terms of use (SPEC §2). Static: ships no JavaScript.
import type { I18nHandle } from '~/i18n'
import { StaticPage, staticPageMeta } from '~/components/layout/static-page'
import { useRootData } from '~/components/layout/use-root-data'

export const handle: I18nHandle & { hydrate: false } = { hydrate: false, i18n: ['static'] }
export const meta = staticPageMeta('termsOfUse')

export default function TermsOfUsePage() {
  const supportUrl = useRootData()?.ENV.SUPPORT_URL ?? null
  return <StaticPage page="termsOfUse" supportUrl={supportUrl} />
}
