// Where a fediverse account or event followed from here lives (decision 040): its server, and a link to its page
// there (checked to be http(s) when it arrived); an event's seats are there, so this is where one takes part.
import { useTranslation } from 'react-i18next'
import type { RemoteOrigin } from '#contract'

export function RemoteOriginCard({ remote, kind }: { remote: RemoteOrigin; kind: 'profile' | 'event' }) {
  const { t } = useTranslation('fediverse')
  return (
    <section
      aria-labelledby="remote-origin-title"
      data-testid="remote-origin"
      className="space-y-2 rounded-xl border border-sky-200 bg-sky-50 p-4 text-sm text-slate-800"
    >
      <h2 id="remote-origin-title" className="font-semibold text-slate-900">
        {t('remoteTitle')}
      </h2>
      {remote.handle ? (
        <p data-testid="remote-handle" className="break-all font-mono">
          {remote.handle}
        </p>
      ) : null}
      <p>{t(kind === 'profile' ? 'remoteProfileIntro' : 'remoteEventIntro', { domain: remote.domain })}</p>
      <a
        href={remote.url}
        target="_blank"
        rel="noopener noreferrer nofollow ugc"
        className="inline-block font-medium text-brand-700 underline"
      >
        {t('openOrigin', { domain: remote.domain })}
      </a>
    </section>
  )
}

/** A fediverse event's text: the origin's HTML, sanitised to a safe subset when it arrived (api/federation/sanitize.ts). */
export function RemoteDescription({ html }: { html: string }) {
  return (
    <div
      data-testid="event-description"
      className="space-y-2 break-words text-slate-800 [&_a]:text-brand-700 [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:pl-3 [&_ol]:list-decimal [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:pl-5"
      // The HTML was reduced to p, br, emphasis, lists, quotes, code and http(s) links on arrival.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  )
}
