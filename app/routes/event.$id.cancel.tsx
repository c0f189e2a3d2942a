// /event/{id}/cancel: the organizer cancels the event, with a message to everyone concerned (a drawer over
// the event page; a page of its own without JavaScript).
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { CancelEventDrawer } from '~/features/events/page/changes'
import { cancelAction, changeLoader } from '~/features/events/page/changes.server'
import type { FormActionData } from '~/utils/submission.server'
import { routeTexts } from '~/locales/load'

export const handle = routeTexts({ i18n: ['eventPage'] })

export function loader({ request, params }: LoaderFunctionArgs) {
  return changeLoader(request, params.id ?? '')
}

export function action({ request, params }: ActionFunctionArgs) {
  return cancelAction(request, params.id ?? '')
}

export default function CancelEvent() {
  return <CancelEventDrawer target={useLoaderData<typeof loader>()} actionData={useActionData<FormActionData>()} />
}
