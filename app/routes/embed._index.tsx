// /embed: "Embed on your site" (issue 27, decision 043) for an organizer (?organizer=), a place (?place=) or a
// city's list (?city=&categories=). Screen: features/embed/builder.tsx; the framed page is /embed/events.
import { routeTexts } from '~/locales/load'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { EmbedBuilder } from '~/features/embed/builder'
import { loadEmbedBuilder } from '~/features/embed/builder.server'
import type { loader as rootLoader } from '~/root'
import { metaLanguage, metaText } from '~/utils/meta-text'

/** The texts of this screen beyond the root's (app/i18n.ts). */
export const handle = routeTexts({ i18n: ['embed'] })

export function loader({ request }: LoaderFunctionArgs) {
  return loadEmbedBuilder(request)
}

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = ({ matches }) => {
  const locale = metaLanguage(matches)
  return [{ title: metaText(locale, 'embed', 'builder.title') }, { name: 'robots', content: 'noindex' }]
}

export default function Embed() {
  return <EmbedBuilder />
}
