// /moderation/reports: the reports queue (docs/decisions/019-reports.md). Screen: features/moderation/reports-queue.tsx.
import { routeTexts } from '~/locales/load'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { moderationMeta } from '~/features/moderation/meta'
import { decideReport, loadReports } from '~/features/moderation/moderation.server'
import { ReportsQueue } from '~/features/moderation/reports-queue'
import { requirePermission } from '~/utils/auth.server'

/** The texts of this screen beyond the root's (app/i18n.ts). */
export const handle = routeTexts({ i18n: ['moderation', 'profile'] })

export const meta: MetaFunction = moderationMeta

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requirePermission(request, 'reviewReports')
  return loadReports(request, api)
}

export async function action({ request }: ActionFunctionArgs) {
  const { api } = await requirePermission(request, 'reviewReports')
  return decideReport(request, api)
}

export default function ModerationReports() {
  return <ReportsQueue />
}
