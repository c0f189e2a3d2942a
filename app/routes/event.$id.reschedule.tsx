// /event/{id}/reschedule: the organizer moves the event to new dates; everyone concerned is told (a drawer
// over the event page; a page of its own without JavaScript).
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { RescheduleDrawer } from '~/features/events/page/changes'
import { changeLoader, rescheduleAction } from '~/features/events/page/changes.server'
import type { FormActionData } from '~/utils/submission.server'
import { routeTexts } from '~/locales/load'

export const handle = routeTexts({ i18n: ['eventPage', 'eventForm'] })

export function loader({ request, params }: LoaderFunctionArgs) {
  return changeLoader(request, params.id ?? '')
}

export function action({ request, params }: ActionFunctionArgs) {
  return rescheduleAction(request, params.id ?? '')
}

export default function RescheduleEvent() {
  return <RescheduleDrawer target={useLoaderData<typeof loader>()} actionData={useActionData<FormActionData>()} />
}
