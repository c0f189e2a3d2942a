// /place/new: the form of a new place (admins and super admins) (SPEC §5). Loader and action: features/events/form/event-form.server.ts.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { EventFormPage } from '~/features/events/form/event-form'
import { eventFormAction, eventFormLoader } from '~/features/events/form/event-form.server'
import type { EventFormActionData } from '~/features/events/form/types'
import { routeTexts } from '~/locales/load'
import { metaLanguage, metaText } from '~/utils/meta-text'

export const handle = routeTexts({ i18n: ['eventForm'] })

export const meta: MetaFunction<typeof loader> = ({ matches }) => [{ title: `${metaText(metaLanguage(matches), 'eventForm', 'newPlace')} · Nearby` }]

export async function loader({ request }: LoaderFunctionArgs) {
  return eventFormLoader(request, { kind: 'create', eventType: 'PLACE' })
}

export async function action({ request }: ActionFunctionArgs) {
  return eventFormAction(request, { kind: 'create', eventType: 'PLACE' })
}

export default function NewPlacePage() {
  const { t } = useTranslation('eventForm')
  const data = useLoaderData<typeof loader>()
  return <EventFormPage heading={t('newPlace')} data={data} actionData={useActionData<EventFormActionData>()} />
}
