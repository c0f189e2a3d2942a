// An event or place on the lists (SPEC §2 "Event card"): photo, price tag, type tag, organizer, likes,
// views, participants/max; title and description clipped to one line. EventRow is the compact variant of
// the timeline. A signed-in user's fully visible card counts one view (useViewOnce).
import { PRIORITY } from '~/components/ui/image'
import { Link } from '@remix-run/react'
import { useEffect, useRef, type ComponentType } from 'react'
import { useTranslation } from 'react-i18next'
import type { ListedEvent } from './listed-event'
import { formatDateTime, formatDaySpan, formatPrice } from '~/features/events/format'
import { queueCardView } from '~/features/events/list/card-views'
import { EyeIcon, HeartIcon, UsersIcon } from '~/components/ui/icons'
import { useHydrated } from '~/components/ui/use-hydrated'

export function participantsLabel(event: Pick<ListedEvent, 'participantsCount' | 'maxParticipants'>) {
  return event.maxParticipants
    ? `${event.participantsCount}/${event.maxParticipants}`
    : String(event.participantsCount)
}

/** SPEC §4: "A view is registered once when the card becomes fully visible" (signed-in users). */
function useViewOnce(postId: string, enabled: boolean) {
  const ref = useRef<HTMLElement>(null)
  const hydrated = useHydrated()
  useEffect(() => {
    const element = ref.current
    if (!hydrated || !enabled || !element || !('IntersectionObserver' in window)) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.intersectionRatio >= 1)) {
          observer.disconnect()
          queueCardView(postId)
        }
      },
      { threshold: 1 },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [hydrated, enabled, postId])
  return ref
}

/** A count with its icon; the label is for screen readers and the tooltip. */
function Stat({
  label,
  value,
  icon: StatIcon,
}: {
  label: string
  value: string | number
  icon: ComponentType<{ className?: string }>
}) {
  return (
    <span title={label} className="inline-flex items-center gap-1">
      <StatIcon className="h-3.5 w-3.5" />
      <span className="sr-only">{label}: </span>
      {value}
    </span>
  )
}

export function EventCard({
  event,
  timeZone,
  countViews,
  headingLevel = 3,
  priority = false,
}: {
  event: ListedEvent
  timeZone: string
  countViews: boolean
  /** The title's heading level: one below the heading the list sits under (no levels skipped). */
  headingLevel?: 2 | 3
  /** The first card of a list: its photo is likely the page's largest paint, so it is fetched at once and first. */
  priority?: boolean
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const { t, i18n } = useTranslation(['eventList', 'events'])
  const ref = useViewOnce(event._id, countViews)
  const { t: te } = useTranslation('events')
  const price = formatPrice(event.price, te)
  const photo = event.images[0]
  return (
    <article
      ref={ref}
      data-testid="event-card"
      className="group relative flex min-w-0 flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md"
    >
      <div className="relative aspect-[16/10] bg-slate-100">
        {photo ? (
          <img
            src={photo.thumbnailUrl}
            alt=""
            width={400}
            height={250}
            loading={priority ? 'eager' : 'lazy'}
            {...(priority ? PRIORITY : {})}
            className="h-full w-full object-cover"
          />
        ) : (
          <div className="flex h-full items-center justify-center text-sm text-slate-600">
            {t('events:noPhoto')}
          </div>
        )}
        <span className="absolute left-2 top-2 rounded-full bg-white/90 px-2 py-0.5 text-xs font-medium text-slate-700">
          {t(`events:eventType.${event.eventType}`)}
          {event.attendanceMode !== 'IN_PERSON' ? <span data-testid="card-online"> · {t(`events:attendance.${event.attendanceMode}`)}</span> : null}
        </span>
        {event.cancelledAt ? (
          <span
            data-testid="card-cancelled"
            className="absolute bottom-2 left-2 rounded-full bg-red-700 px-2 py-0.5 text-xs font-bold uppercase tracking-wide text-white"
          >
            {te('status.cancelled')}
          </span>
        ) : null}
        {price ? (
          <span className="absolute right-2 top-2 rounded-full bg-brand-600 px-2 py-0.5 text-xs font-semibold text-white">
            {price}
          </span>
        ) : null}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1 p-3">
        <Heading className="truncate font-semibold text-slate-900">
          <Link to={`/event/${event._id}`} className="after:absolute after:inset-0">
            {event.title}
          </Link>
        </Heading>
        <p className="truncate text-sm text-slate-600">
          {event.restricted ? t('card.restricted') : event.description}
        </p>
        {event.eventType === 'EVENT' ? (
          <p className={`text-xs text-slate-500 ${event.cancelledAt ? 'line-through' : ''}`}>
            {event.rescheduledAt && !event.cancelledAt ? (
              <span data-testid="card-moved" className="mr-1 font-semibold text-amber-800">
                {te('status.moved')}:
              </span>
            ) : null}
            {event.startDate
              ? (formatDaySpan(event.startDate, event.endDate, i18n.language, timeZone) ?? formatDateTime(event.startDate, i18n.language, timeZone))
              : t('card.noDate')}
          </p>
        ) : null}
        <p className="truncate text-xs text-slate-500">
          {t('card.organizer', { name: `${event.postedBy.name} ${event.postedBy.lastname}`.trim() })}
        </p>
        <p className="mt-auto flex gap-3 pt-1 text-xs text-slate-600">
          <Stat label={t('events:stats.likes')} value={event.likesCount} icon={HeartIcon} />
          <Stat label={t('events:stats.views')} value={event.views} icon={EyeIcon} />
          {event.eventType === 'EVENT' ? (
            <Stat label={t('card.participants')} value={participantsLabel(event)} icon={UsersIcon} />
          ) : null}
        </p>
      </div>
    </article>
  )
}

export function EventRow({ event, timeZone }: { event: ListedEvent; timeZone: string }) {
  const { i18n } = useTranslation()
  const { t: te } = useTranslation('events')
  const price = formatPrice(event.price, te)
  return (
    <li data-testid="event-row" className="flex items-center gap-3 py-2">
      <time
        dateTime={event.startDate ?? undefined}
        className="w-28 shrink-0 text-sm tabular-nums text-slate-500"
      >
        {event.startDate ? formatDateTime(event.startDate, i18n.language, timeZone).split(', ').pop() : '—'}
      </time>
      <Link
        to={`/event/${event._id}`}
        className="min-w-0 flex-1 truncate font-medium text-slate-900 hover:underline"
      >
        {event.title}
      </Link>
      {event.cancelledAt ? (
        <span className="shrink-0 rounded-full bg-red-700 px-2 py-0.5 text-xs font-bold uppercase text-white">
          {te('status.cancelled')}
        </span>
      ) : null}
      {price ? <span className="shrink-0 text-xs text-slate-600">{price}</span> : null}
      <span className="inline-flex shrink-0 items-center gap-1 text-xs text-slate-500">
        <UsersIcon className="h-3.5 w-3.5" />
        <span className="sr-only">{te('stats.participants')}: </span>
        {participantsLabel(event)}
      </span>
    </li>
  )
}
