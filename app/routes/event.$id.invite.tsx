// /event/{id}/invite: "Invite people" (SPEC §2 Event page): a side drawer over the event page (600 px, full
// width on narrow screens) with the organizer's followers (page size 7), a status column, Invite for the
// selected and Revoke per row. The drawer is this nested route, so without JavaScript it is a page of its
// own and every button is a plain form post that comes back here with a toast.
import { routeTexts } from '~/locales/load'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data, redirect } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { useTranslation } from '~/utils/use-translation'
import { z } from 'zod'
import { DEFAULT_LANGUAGE, type Event } from '#contract'
import { SubmitButton } from '~/components/forms/submit-button'
import { personName } from '~/features/events/page/meta'
import { eventPath } from '~/features/events/page/shared'
import { PersonLine } from '~/features/profile/person-line'
import { throwApiStatus } from '~/features/profile/profile.server'
import { Pager } from '~/components/ui/pager'
import { UrlModal } from '~/components/ui/url-modal'
import { metaText } from '~/utils/meta-text'
import type { loader as rootLoader } from '~/root'
import { ApiError, ok, type Api } from '~/utils/api.server'
import { requireActivatedUser } from '~/utils/auth.server'
import { requestedPages } from '~/utils/pages.server'
import { redirectWithToast } from '~/utils/toast.server'
import { readFormData } from '~/utils/form.server'

/** The texts of this screen beyond the root's (app/i18n.ts). */
export const handle = routeTexts({ i18n: ['profile'] })

const invitePath = (id: string, page = 1) => `${eventPath(id)}/invite${page > 1 ? `?page=${page}` : ''}`

/** Only the organizer of an event that can still take invitations gets the drawer. */
async function loadInvitableEvent(api: Api, id: string): Promise<Event> {
  let event: Event
  try {
    event = await ok(api.typed.GET('/event/{id}', { params: { path: { id } } }))
  } catch (error) {
    return throwApiStatus(error)
  }
  // A deleted post is gone for its organizer too: the not-found page, as for any other missing event.
  if (event.postStatus === 'DELETED') throw data(null, { status: 404 })
  if (!event.isOwner) throw data(null, { status: 403 })
  // Places take no invitations and ended events no new guests: back to the page itself.
  if (event.eventType !== 'EVENT' || event.isEnded) throw redirect(eventPath(id))
  return event
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api } = await requireActivatedUser(request)
  const id = params.id ?? ''
  const event = await loadInvitableEvent(api, id)
  const page = requestedPages(request, 'page', Number.MAX_SAFE_INTEGER)
  const [followers, statuses] = await Promise.all([
    ok(api.typed.GET('/profile/my/followers', { params: { query: { page } } })),
    ok(api.typed.GET('/invitations/{id}/statuses', { params: { path: { id: event._id } } })),
  ]).catch((error: unknown) => throwApiStatus(error))
  const statusOf = Object.fromEntries(statuses.statuses.map((row) => [row.recipientId, row.status]))
  return data(
    {
      event: { _id: event._id, title: event.title, participants: event.participants },
      followers,
      statusOf,
    },
  )
}

const inviteFormSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('invite'), recipientIds: z.array(z.string().trim().min(1).max(100)).max(50) }),
  z.object({ intent: z.literal('revoke'), userId: z.string().trim().min(1).max(100) }),
])

export async function action({ request, params }: ActionFunctionArgs) {
  const { api } = await requireActivatedUser(request)
  const id = params.id ?? ''
  const formData = await readFormData(request)
  const back = invitePath(id, requestedPages(request, 'page', Number.MAX_SAFE_INTEGER))
  const parsed = inviteFormSchema.safeParse({
    intent: formData.get('intent'),
    recipientIds: formData.getAll('recipientIds'),
    userId: formData.get('userId'),
  })
  if (!parsed.success) return redirect(back)
  const form = parsed.data
  try {
    if (form.intent === 'invite') {
      if (form.recipientIds.length === 0)
        return redirectWithToast(back, { type: 'error', message: 'profile:invite.noneSelected' })
      const result = await ok(api.typed.POST('/invitations', { body: { postId: id, recipientIds: form.recipientIds } }))
      const count = result.recipients.filter((recipient) => recipient.result === 'invited').length
      return redirectWithToast(back, { message: 'profile:invite.invited', values: { count } })
    }
    await ok(api.typed.DELETE('/invitations/{id}/user', { params: { path: { id } }, body: { userId: form.userId } }))
    return redirectWithToast(back, { message: 'profile:invite.revoked' })
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    if (error.status === 401) return redirect(`/auth?redirectTo=${encodeURIComponent(back)}`)
    return redirectWithToast(back, { type: 'error', message: error.body.message })
  }
}

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = ({ matches }) => {
  const locale = matches.find((match) => match.id === 'root')?.data?.locale ?? DEFAULT_LANGUAGE
  return [{ title: metaText(locale, 'profile', 'meta.invite') }]
}

export default function InviteDrawer() {
  const { t } = useTranslation('profile')
  const { event, followers, statusOf } = useLoaderData<typeof loader>()
  const pageLink = (page: number) => invitePath(event._id, page)
  const here = pageLink(followers.page)
  return (
    <UrlModal
      variant="drawer"
      title={t('invite.title')}
      closeTo={eventPath(event._id)}
      closeLabel={t('invite.close')}
      testId="invite-drawer"
    >
      <p className="mb-4 text-sm text-slate-600">{t('invite.intro', { title: event.title })}</p>
      {followers.total === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-4 text-sm text-slate-600">{t('invite.noFollowers')}</p>
      ) : (
        <>
          {/* Revoke buttons sit in the table rows but submit this form (form attribute): forms cannot nest. */}
          <Form method="post" action={here} id="revoke-invitation" className="hidden">
            <input type="hidden" name="intent" value="revoke" />
          </Form>
          <Form method="post" action={here} className="space-y-4">
            <input type="hidden" name="intent" value="invite" />
            <table className="w-full text-left text-sm">
              <thead className="border-b border-slate-200 text-xs uppercase text-slate-500">
                <tr>
                  <th scope="col" className="w-10 py-2">
                    <span className="sr-only">{t('invite.select')}</span>
                  </th>
                  <th scope="col" className="py-2">
                    {t('invite.user')}
                  </th>
                  <th scope="col" className="py-2">
                    {t('invite.status')}
                  </th>
                  <th scope="col" className="py-2 text-right">
                    <span className="sr-only">{t('invite.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {followers.users.map((follower) => {
                  const name = personName(follower)
                  const status = statusOf[follower._id]
                  const participant = event.participants.includes(follower._id)
                  return (
                    <tr key={follower._id} data-testid="invite-row">
                      <td className="py-2">
                        <input
                          type="checkbox"
                          name="recipientIds"
                          value={follower._id}
                          // Already invited (any answer) or taking part: nothing to invite to.
                          disabled={!!status || participant}
                          defaultChecked={false}
                          aria-label={t('invite.selectUser', { name })}
                          className="h-4 w-4 rounded border-slate-300 text-brand-600 disabled:opacity-40"
                        />
                      </td>
                      <td className="py-2">
                        <PersonLine person={follower} />
                      </td>
                      <td className="py-2 text-slate-700" data-testid="invite-status">
                        {status ? t(`invite.statuses.${status}`) : participant ? t('invite.participant') : t('invite.notInvited')}
                      </td>
                      <td className="py-2 text-right">
                        {status ? (
                          <button
                            type="submit"
                            form="revoke-invitation"
                            name="userId"
                            value={follower._id}
                            aria-label={t('invite.revokeUser', { name })}
                            className="rounded-md border border-red-300 px-3 py-1.5 text-xs font-semibold text-red-700 hover:bg-red-50"
                          >
                            {t('invite.revoke')}
                          </button>
                        ) : null}
                      </td>
                    </tr>
                  )
                })}
              </tbody>
            </table>
            <Pager page={followers.page} hasMore={followers.hasMore} href={pageLink} />
            <SubmitButton name="intent" value="invite">
              {t('invite.submit')}
            </SubmitButton>
          </Form>
        </>
      )}
      <p className="mt-6">
        <Link to={eventPath(event._id)} preventScrollReset className="text-sm text-brand-700 underline">
          {t('invite.back')}
        </Link>
      </p>
    </UrlModal>
  )
}
