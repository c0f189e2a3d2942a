// "Invite people" (/event/{id}/invite, SPEC §2 Event page): a side drawer over the event page (600 px, full
// width on narrow screens) with the organizer's followers (page size 7), a status column, Invite for the
// selected and Revoke per row. Without JavaScript it is a page of its own and every button is a plain form
// post that comes back here with a toast. Loader and action: invite.server.ts.
import { Form, Link, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { SubmitButton } from '~/components/forms/submit-button'
import { Pager } from '~/components/ui/pager'
import { UrlModal } from '~/components/ui/url-modal'
import { PersonLine } from '~/features/profile/person-line'
import type { loadInvitePage } from './invite.server'
import { personName } from './meta'
import { eventPath, invitePath } from './shared'

export function InviteDrawer() {
  const { t } = useTranslation('profile')
  const { event, followers, statusOf } = useLoaderData<typeof loadInvitePage>()
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
