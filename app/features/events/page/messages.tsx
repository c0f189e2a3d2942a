// The organizers' messages on the event page (issue 45), for the people they were sent to: newest first, the latest
// few open and the rest folded; the organizer also sees how many each reached.
import { useTranslation } from 'react-i18next'
import { type EventMessage, formatDateTime } from '#contract'
import { personName } from './meta'

/** Shown open; older ones fold under "Earlier messages". */
const OPEN = 3

export function EventMessages({ messages, timeZone }: { messages: EventMessage[]; timeZone: string }) {
  const { t, i18n } = useTranslation('eventPage')
  if (messages.length === 0) return null
  const item = (message: EventMessage) => (
    <li key={message._id} className="py-2">
      <p className="whitespace-pre-line break-words text-slate-900">{message.body}</p>
      <p className="mt-0.5 text-xs text-slate-600">
        {message.sender ? `${personName(message.sender)} · ` : ''}
        <time dateTime={message.createdAt}>{formatDateTime(message.createdAt, i18n.language, timeZone)}</time>
        {message.recipients !== null ? ` · ${t('messages.reached', { count: message.recipients })}` : ''}
        {message.toWaiting ? ` · ${t('messages.withWaiting')}` : ''}
      </p>
    </li>
  )
  return (
    <section aria-labelledby="messages-title" data-testid="event-messages" className="rounded-xl border border-amber-200 bg-amber-50 p-4">
      <h2 id="messages-title" className="text-lg font-semibold text-slate-900">
        {t('messages.title')}
      </h2>
      <ul className="divide-y divide-amber-200">{messages.slice(0, OPEN).map(item)}</ul>
      {messages.length > OPEN ? (
        <details className="mt-1">
          <summary className="cursor-pointer text-sm text-slate-700 underline">{t('messages.earlier', { count: messages.length - OPEN })}</summary>
          <ul className="divide-y divide-amber-200">{messages.slice(OPEN).map(item)}</ul>
        </details>
      ) : null}
    </section>
  )
}
