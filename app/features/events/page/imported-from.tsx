// An imported event's calendar (issue 42), for its organizer and moderators (the address may be a private link):
// the organizer is pointed to Settings → Import calendars; a moderator pauses or resumes the calendar and trusts it
// (its new events skip review) or stops trusting it. Plain forms on the event page's action.
import { Form, Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import type { Event } from '#contract'
import { SubmitButton } from '~/components/forms/submit-button'

export function ImportedFrom({ event, action }: { event: Event; action: string }) {
  const { t } = useTranslation('eventPage')
  const source = event.importedFrom
  if (!source) return null
  return (
    <aside aria-labelledby="imported-from-title" className="rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700" data-testid="imported-from">
      <h2 id="imported-from-title" className="font-semibold text-slate-900">
        {t('importedFrom.title')}
      </h2>
      <p className="break-all">
        {source.name ? <span className="font-medium">{source.name} · </span> : null}
        {source.url}
      </p>
      {source.paused ? <p className="font-medium text-amber-700">{t('importedFrom.paused')}</p> : null}
      {source.trusted ? <p>{t('importedFrom.trusted')}</p> : null}
      {event.isOwner ? (
        <p>
          <Link to="/admin/profile/settings/sources" className="text-brand-700 underline">
            {t('importedFrom.manage')}
          </Link>
        </p>
      ) : null}
      {event.mayModerate ? (
        <Form method="post" action={action} className="mt-2 flex flex-wrap gap-2">
          <input type="hidden" name="intent" value="sourceModeration" />
          <input type="hidden" name="sourceId" value={source.sourceId} />
          <SubmitButton name="set" value={source.paused ? 'resume' : 'pause'} variant="secondary">
            {t(source.paused ? 'importedFrom.resume' : 'importedFrom.pause')}
          </SubmitButton>
          <SubmitButton name="set" value={source.trusted ? 'distrust' : 'trust'} variant="secondary">
            {t(source.trusted ? 'importedFrom.distrust' : 'importedFrom.trust')}
          </SubmitButton>
        </Form>
      ) : null}
    </aside>
  )
}
