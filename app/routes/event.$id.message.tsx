// /event/{id}/message: an organizer's message to everyone of the event (a drawer over the event page; a page of its
// own without JavaScript). Screen: features/events/page/message-drawer.tsx; loader and action: message.server.ts.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { MessageDrawer } from '~/features/events/page/message-drawer'
import { messageAction, messageLoader } from '~/features/events/page/message.server'
import type { FormActionData } from '~/utils/submission.server'
import { routeTexts } from '~/locales/load'

export const handle = routeTexts({ i18n: ['eventPage'] })

export function loader({ request, params }: LoaderFunctionArgs) {
  return messageLoader(request, params.id ?? '')
}

export function action({ request, params }: ActionFunctionArgs) {
  return messageAction(request, params.id ?? '')
}

export default function EventMessageRoute() {
  return <MessageDrawer target={useLoaderData<typeof loader>()} actionData={useActionData<FormActionData>()} />
}
