// The participant's way in at the door (issue 45): the six characters and their QR code, which holds the organizer's
// check-in link with the code filled in. Drawn on the server as one SVG path: no script, no picture to download.
import { useTranslation } from 'react-i18next'
import { formatTimeOfDay } from '#contract'
import type { Ticket } from './shared'

export function TicketCard({ ticket, timeZone }: { ticket: Ticket; timeZone: string }) {
  const { t } = useTranslation('eventPage')
  const { size, d } = ticket.qr
  return (
    <section aria-labelledby="ticket-title" data-testid="ticket" className="space-y-2 rounded-xl border border-slate-200 bg-white p-4 text-center">
      <h2 id="ticket-title" className="text-lg font-semibold text-slate-900">
        {t('ticket.title')}
      </h2>
      <p className="text-sm text-slate-600">{t('ticket.hint')}</p>
      <svg
        role="img"
        aria-label={t('ticket.qrLabel', { code: ticket.code })}
        viewBox={`0 0 ${size} ${size}`}
        shapeRendering="crispEdges"
        className="mx-auto h-48 w-48"
        data-testid="ticket-qr"
      >
        <rect width={size} height={size} fill="#fff" />
        <path d={d} fill="#000" />
      </svg>
      <p className="font-mono text-3xl font-bold tracking-[0.3em] text-slate-900" data-testid="ticket-code">
        {ticket.code}
      </p>
      {ticket.checkedInAt ? (
        <p className="text-sm font-medium text-emerald-700" data-testid="ticket-checked-in">
          {t('ticket.checkedIn', { time: formatTimeOfDay(ticket.checkedInAt, timeZone) })}
        </p>
      ) : null}
    </section>
  )
}
