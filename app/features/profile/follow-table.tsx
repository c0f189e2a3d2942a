// The followers / following modal of myProfile (SPEC §2: a table with view and unfollow, page size 7).
// Its open state and page are in the URL (?show=followers&page=2), so it works without JavaScript.
import { Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { personName } from '~/features/events/page/meta'
import { Pager } from '~/components/ui/pager'
import { UrlModal } from '~/components/ui/url-modal'
import { FollowButton } from './follow-button'
import { PersonLine } from './person-line'
import type { FollowTable } from './profile.server'

export function FollowTableModal({ table, basePath }: { table: FollowTable; basePath: string }) {
  const { t } = useTranslation('profile')
  const here = `${basePath}?show=${table.kind}&page=${table.page}`
  const pageLink = (page: number) => `${basePath}?show=${table.kind}&page=${page}`
  return (
    <UrlModal title={t(`modal.${table.kind}`)} closeTo={basePath} closeLabel={t('modal.close')} testId="follow-modal">
      {table.users.length === 0 ? (
        <p className="text-sm text-slate-500">{t('modal.empty')}</p>
      ) : (
        <table className="w-full text-left text-sm">
          <thead className="border-b border-slate-200 text-xs uppercase text-slate-500">
            <tr>
              <th scope="col" className="py-2">
                {t('modal.user')}
              </th>
              <th scope="col" className="py-2 text-right">
                {t('modal.actions')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {table.users.map((user) => {
              const name = personName(user)
              return (
                <tr key={user._id} data-testid="follow-row">
                  <td className="py-2">
                    <PersonLine person={user} linkName={false} />
                  </td>
                  <td className="py-2">
                    <div className="flex items-center justify-end gap-2">
                      <Link
                        to={`/profile/${encodeURIComponent(user._id)}`}
                        aria-label={`${t('modal.view')}: ${name}`}
                        className="rounded-md px-3 py-1.5 text-xs font-semibold text-brand-700 hover:bg-brand-50"
                      >
                        {t('modal.view')}
                      </Link>
                      {user.isFollowing ? (
                        <FollowButton
                          userId={user._id}
                          name={name}
                          followers={0}
                          isFollowing
                          redirectTo={here}
                          size="sm"
                        />
                      ) : null}
                    </div>
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      )}
      <Pager page={table.page} hasMore={table.hasMore} href={pageLink} />
    </UrlModal>
  )
}
