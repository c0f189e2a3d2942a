// /event/{id}/participants: the organizer's list of the people coming (issue 45), made to be printed on A4 (the
// site's header and footer are left off the paper: tailwind.css) with a box to tick at the door, and the CSV to
// download. Plain links: the same without JavaScript, where the browser's own Print does what the button does.
import { Link, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import type { RosterEntry } from '#contract'
import { useRootData } from '~/components/layout/use-root-data'
import { useHydrated } from '~/components/ui/use-hydrated'
import { formatDateTime } from '~/features/events/format'
import { formatTimeOfDay } from '#contract'
import { personName } from '~/features/events/page/meta'
import type { loadRoster } from './roster.server'

function RosterTable({ entries, numbered, testId }: { entries: (RosterEntry & { position?: number })[]; numbered: 'seat' | 'line'; testId: string }) {
  const { t } = useTranslation('eventDay')
  const timeZone = useRootData()?.ENV.TIME_ZONE ?? 'UTC'
  if (entries.length === 0) return <p className="text-sm text-slate-600">{t('none')}</p>
  return (
    <table className="w-full border-collapse text-sm" data-testid={testId}>
      <thead>
        <tr className="border-b border-slate-400 text-left">
          <th scope="col" className="w-10 py-1 pr-2">{t('number')}</th>
          <th scope="col" className="py-1 pr-2">{t('name')}</th>
          <th scope="col" className="py-1 pr-2">{t('username')}</th>
          <th scope="col" className="py-1 pr-2">{t('email')}</th>
          {numbered === 'seat' ? <th scope="col" className="w-24 py-1">{t('came')}</th> : null}
        </tr>
      </thead>
      <tbody>
        {entries.map((entry, index) => (
          <tr key={entry.user._id} className="break-inside-avoid border-b border-slate-200 align-top">
            <td className="py-1.5 pr-2 tabular-nums">{entry.position ?? index + 1}</td>
            <td className="break-words py-1.5 pr-2 font-medium">{personName(entry.user)}</td>
            <td className="break-all py-1.5 pr-2">@{entry.user.username}</td>
            <td className="break-all py-1.5 pr-2">{entry.email ?? <span className="text-slate-500">{t('emailHidden')}</span>}</td>
            {numbered === 'seat' ? (
              <td className="py-1.5">
                {entry.checkedInAt ? (
                  <span>✓ {t('checkedInAt', { time: formatTimeOfDay(entry.checkedInAt, timeZone) })}</span>
                ) : (
                  // A box to tick on paper.
                  <span aria-hidden className="inline-block h-4 w-4 border border-slate-500" />
                )}
              </td>
            ) : null}
          </tr>
        ))}
      </tbody>
    </table>
  )
}

export function RosterScreen() {
  const { t, i18n } = useTranslation('eventDay')
  const { roster } = useLoaderData<typeof loadRoster>()
  const hydrated = useHydrated()
  const timeZone = useRootData()?.ENV.TIME_ZONE ?? 'UTC'
  const eventPath = `/event/${roster.postId}`
  const when = [formatDateTime(roster.startDate, i18n.language, timeZone), formatDateTime(roster.endDate, i18n.language, timeZone)].filter(Boolean).join(' – ')
  return (
    <article aria-labelledby="roster-title" className="mx-auto max-w-4xl bg-white p-4 print:max-w-none print:p-0">
      <nav className="mb-3 flex flex-wrap items-center gap-x-5 gap-y-2 text-sm print:hidden">
        <Link to={eventPath} className="text-slate-600 underline hover:text-slate-900">
          {t('back')}
        </Link>
        <Link to={`${eventPath}/checkin`} className="font-semibold text-brand-700 underline" data-testid="door-link">
          {t('doorLink')}
        </Link>
        <a href={`${eventPath}/participants.csv`} download className="font-semibold text-brand-700 underline" data-testid="roster-csv">
          {t('csv')}
        </a>
        {hydrated ? (
          <button type="button" onClick={() => window.print()} className="rounded-md border border-slate-300 px-3 py-1 font-medium text-slate-800 hover:bg-slate-50">
            {t('print')}
          </button>
        ) : (
          <span className="text-slate-600">{t('printHint')}</span>
        )}
      </nav>
      <h1 id="roster-title" className="break-words text-xl font-semibold text-slate-900">
        {t('title', { title: roster.title })}
      </h1>
      <p className="text-sm text-slate-700">{[when, roster.address].filter(Boolean).join(' · ')}</p>
      <h2 className="mt-4 mb-1 font-semibold">{t('participants', { count: roster.participants.length })}</h2>
      <RosterTable entries={roster.participants} numbered="seat" testId="roster-participants" />
      {roster.waiting.length ? (
        <>
          <h2 className="mt-5 mb-1 font-semibold">{t('waiting', { count: roster.waiting.length })}</h2>
          <RosterTable entries={roster.waiting} numbered="line" testId="roster-waiting" />
        </>
      ) : null}
      <p className="mt-4 text-xs text-slate-500">{t('emailNote')}</p>
    </article>
  )
}
