// /fediverse/follow: "Follow from your server" (issue 26). The fediverse card's form posts here; the reader goes to
// their own server's follow page, or sees this form again with what was wrong. Screen: features/fediverse.
import { routeTexts } from '~/locales/load'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import type { FormActionData } from '~/utils/submission.server'
import { RemoteFollowScreen } from '~/features/fediverse/follow-screen'
import { remoteFollowAction, remoteFollowLoader } from '~/features/fediverse/follow.server'
import type { loader as rootLoader } from '~/root'
import { metaLanguage, metaText } from '~/utils/meta-text'

/** The texts of this screen beyond the root's (app/i18n.ts). */
export const handle = routeTexts({ i18n: ['fediverse'] })

export function loader({ request }: LoaderFunctionArgs) {
  return remoteFollowLoader(request)
}

export function action({ request }: ActionFunctionArgs) {
  return remoteFollowAction(request)
}

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = ({ matches, data }) => {
  const locale = metaLanguage(matches)
  return [
    { title: metaText(locale, 'fediverse', 'followTitle', { handle: data?.handle ?? '' }) },
    { name: 'robots', content: 'noindex' },
  ]
}

export default function RemoteFollow() {
  const { handle } = useLoaderData<typeof loader>()
  return (
    <RemoteFollowScreen handle={handle} actionData={useActionData<FormActionData & { url?: string }>()} />
  )
}
