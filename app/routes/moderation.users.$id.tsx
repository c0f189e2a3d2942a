// /moderation/users/{id}: the user editor over the Users table (super admin only, SPEC §6).
import { routeTexts } from '~/locales/load'
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData, useLocation } from '@remix-run/react'
import type { FormActionData } from '~/utils/submission.server'
import { UserEditor } from '~/features/moderation/user-editor'
import { userEditorAction, userEditorLoader } from '~/features/moderation/user-editor.server'

/** The texts of this screen beyond the root's (app/i18n.ts). */
export const handle = routeTexts({ i18n: ['moderation', 'eventForm'] })

export function loader({ request, params }: LoaderFunctionArgs) {
  return userEditorLoader(request, params.id ?? '')
}

export function action({ request, params }: ActionFunctionArgs) {
  return userEditorAction(request, params.id ?? '')
}

export default function ModerationUserEditor() {
  const { user } = useLoaderData<typeof loader>()
  const location = useLocation()
  return (
    <UserEditor
      // A new form for each user: the fields' defaults are theirs.
      key={user._id}
      user={user}
      actionData={useActionData<FormActionData>()}
      closeTo={`/moderation/users${location.search}`}
    />
  )
}
