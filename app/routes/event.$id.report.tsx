// /event/{id}/report: the report form, a drawer over the event page (a page without JavaScript).
import { routeTexts } from '~/locales/load'
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import type { FormActionData } from '~/utils/submission.server'
import { ReportDrawer } from '~/features/reports/report-form'
import { reportAction, reportLoader } from '~/features/reports/report.server'

/** The texts of this screen beyond the root's (app/i18n.ts). */
export const handle = routeTexts({ i18n: ['report'] })

export function loader({ request, params }: LoaderFunctionArgs) {
  return reportLoader(request, { type: 'POST', id: params.id ?? '' })
}

export function action({ request, params }: ActionFunctionArgs) {
  return reportAction(request, { type: 'POST', id: params.id ?? '' })
}

export default function ReportEvent() {
  const { target, name, closeTo } = useLoaderData<typeof loader>()
  return <ReportDrawer target={target} name={name} closeTo={closeTo} actionData={useActionData<FormActionData>()} />
}
