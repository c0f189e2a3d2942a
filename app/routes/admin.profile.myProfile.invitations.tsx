// /admin/profile/myProfile/invitations: the invitations the user received (GET /invitations/my), each with
// the event, who invited, its status and Accept / Decline.
import { routeTexts } from '~/locales/load'
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { useTranslation } from '~/utils/use-translation'
import { formatDateTime } from '~/features/events/format'
import { personName } from '~/features/events/page/meta'
import { useRootData } from '~/components/layout/use-root-data'
import { InvitationAnswer, RESPOND_INTENT } from '~/features/profile/invitation-answer'
import { respondAndRedirect, respondFormSchema } from '~/features/profile/invitations.server'
import { ok } from '~/utils/api.server'
import { requireActivatedUser } from '~/utils/auth.server'
import { loadPages, requestedPages } from '~/utils/pages.server'
import { EmptyState, LoadMoreLink } from '~/components/ui/list-parts'
import { readFormData } from '~/utils/form.server'

/** The texts of this screen beyond the root's (app/i18n.ts). */
export const handle = routeTexts({ i18n: ['profile'] })

const PATH = '/admin/profile/myProfile/invitations'
const MAX_PAGES = 10

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireActivatedUser(request)
  const result = await loadPages(requestedPages(request, 'page', MAX_PAGES), async (page) => {
    const list = await ok(api.typed.GET('/invitations/my', { params: { query: { page } } }))
    return { items: list.invitations, hasMore: list.hasMore }
  })
  return data(result)
}

export async function action({ request }: ActionFunctionArgs) {
  const { api } = await requireActivatedUser(request)
  const formData = await readFormData(request)
  const parsed = respondFormSchema.safeParse(Object.fromEntries(formData))
  if (formData.get('intent') !== RESPOND_INTENT || !parsed.success) return redirect(PATH)
  return respondAndRedirect(api, parsed.data, PATH)
}

export default function Invitations() {
  const { t, i18n } = useTranslation('profile')
  const { items, hasMore, pages } = useLoaderData<typeof loader>()
  const timeZone = useRootData()?.ENV.TIME_ZONE ?? 'UTC'
  return (
    <section aria-labelledby="invitations-title" className="space-y-3">
      <h2 id="invitations-title" className="text-lg font-semibold text-slate-900">
        {t('invitations.title')}
      </h2>
      {items.length === 0 ? (
        <EmptyState>{t('invitations.empty')}</EmptyState>
      ) : (
        <ul className="space-y-3" data-testid="invitations">
          {items.map((invitation) => (
            <li
              key={invitation.invitationId}
              data-testid="invitation"
              className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0">
                <Link to={`/event/${encodeURIComponent(invitation.postId)}`} className="font-semibold text-slate-900 hover:underline">
                  {invitation.title}
                </Link>
                <p className="text-sm text-slate-600">
                  {t('invitations.invitedBy', { name: personName(invitation.invitedBy) })}
                  {invitation.startDate ? ` · ${formatDateTime(invitation.startDate, i18n.language, timeZone)}` : ''}
                </p>
              </div>
              <InvitationAnswer
                invitation={{ invitationId: invitation.invitationId, status: invitation.status }}
                title={invitation.title}
              />
            </li>
          ))}
        </ul>
      )}
      {hasMore && pages < MAX_PAGES ? <LoadMoreLink to={`?page=${pages + 1}`}>{t('invitations.loadMore')}</LoadMoreLink> : null}
    </section>
  )
}
