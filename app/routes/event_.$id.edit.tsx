// /event/{id}/edit: the organizer edits an event or a place; the access type and a place's type stay (SPEC §5). Loader and action: features/events/form/event-form.server.ts.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { EventFormPage } from '~/features/events/form/event-form'
import { eventFormAction, eventFormLoader } from '~/features/events/form/event-form.server'
import type { EventFormActionData } from '~/features/events/form/types'
import { routeTexts } from '~/locales/load'
import { metaLanguage, metaText } from '~/utils/meta-text'

export const handle = routeTexts({ i18n: ['eventForm'] })

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: `${metaText(metaLanguage(matches), 'eventForm', data?.eventType === 'PLACE' ? 'editPlace' : 'editEvent')} · Nearby` }]

export async function loader({ request, params }: LoaderFunctionArgs) {
  return eventFormLoader(request, { kind: 'edit', id: params.id ?? '' })
}

export async function action({ request, params }: ActionFunctionArgs) {
  return eventFormAction(request, { kind: 'edit', id: params.id ?? '' })
}

export default function EditEventPage() {
  const { t } = useTranslation('eventForm')
  const data = useLoaderData<typeof loader>()
  return <EventFormPage heading={t(data.eventType === 'PLACE' ? 'editPlace' : 'editEvent')} data={data} actionData={useActionData<EventFormActionData>()} />
}
