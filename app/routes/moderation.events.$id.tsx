// /moderation/events/{id}: the post editor over the Events table (super admin only, SPEC §6).
import { routeTexts } from '~/locales/load'
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData, useLocation } from '@remix-run/react'
import type { EventFormActionData } from '~/features/events/form/types'
import { PostEditor } from '~/features/moderation/post-editor'
import { postEditorAction, postEditorLoader } from '~/features/moderation/post-editor.server'

/** The texts of this screen beyond the root's (app/i18n.ts). */
export const handle = routeTexts({ i18n: ['moderation', 'eventForm'] })

export function loader({ request, params }: LoaderFunctionArgs) {
  return postEditorLoader(request, 'events', params.id ?? '')
}

export function action({ request, params }: ActionFunctionArgs) {
  return postEditorAction(request, 'events', params.id ?? '')
}

export default function ModerationEventsEditor() {
  const location = useLocation()
  return (
    <PostEditor
      data={useLoaderData<typeof loader>()}
      actionData={useActionData<EventFormActionData>()}
      closeTo={`/moderation/events${location.search}`}
      action={`${location.pathname}${location.search}`}
    />
  )
}
