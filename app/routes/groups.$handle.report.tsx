// /groups/{handle}/report: the report form, a drawer over the group's page (a page without JavaScript).
import { routeTexts } from '~/locales/load'
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import type { FormActionData } from '~/utils/submission.server'
import { ReportDrawer } from '~/features/reports/report-form'
import { reportAction, reportLoader } from '~/features/reports/report.server'

/** The texts of this screen beyond the root's (app/i18n.ts). */
export const handle = routeTexts({ i18n: ['report'] })

export function loader({ request, params }: LoaderFunctionArgs) {
  return reportLoader(request, { type: 'GROUP', id: params.handle ?? '' })
}

export function action({ request, params }: ActionFunctionArgs) {
  return reportAction(request, { type: 'GROUP', id: params.handle ?? '' })
}

export default function ReportGroup() {
  const { target, name, closeTo } = useLoaderData<typeof loader>()
  return <ReportDrawer target={target} name={name} closeTo={closeTo} actionData={useActionData<FormActionData>()} />
}
