// The facts of an event or place: dates (in ENV.TIME_ZONE), address, price, categories, access, contact,
// organizer, stats, opening hours and the map with an "Open in maps" link.
import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { AccessibilityIcon } from '~/components/ui/accessibility-icons'
import { accessModeOf, WEEK_DAYS, type Event } from '#contract'
import { formatDateTime, formatPrice } from '~/features/events/format'
import { EventMap, mapsServiceUrl, toLatLon } from '~/components/map/event-map'
import { Avatar } from '~/components/ui/avatar'
import { MapPinIcon } from '~/components/ui/icons'
import { personName } from './meta'

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="grid grid-cols-1 gap-0.5 py-2 sm:grid-cols-[7rem_1fr] sm:gap-3">
      <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500 sm:pt-0.5">{label}</dt>
      <dd data-testid={testId} className="min-w-0 break-words text-sm text-slate-900">
        {children}
      </dd>
    </div>
  )
}

export function DetailsList({ event, timeZone }: { event: Event; timeZone: string }) {
  const { t, i18n } = useTranslation('eventPage')
  const { t: te } = useTranslation('events')
  const lang = i18n.language
  const price = formatPrice(event.price, te)
  const isEvent = event.eventType === 'EVENT'
  return (
    <dl className="divide-y divide-slate-100">
      {isEvent ? (
        <Row label={t('details.when')} testId="event-dates">
          {event.startDate ? (
            <span className="flex flex-col">
              <span>
                <span className="sr-only">{t('details.starts')}: </span>
                <time dateTime={event.startDate}>{formatDateTime(event.startDate, lang, timeZone)}</time>
              </span>
              {event.endDate ? (
                <span className="text-slate-600">
                  <span aria-hidden="true">– </span>
                  <span className="sr-only">{t('details.ends')}: </span>
                  <time dateTime={event.endDate}>{formatDateTime(event.endDate, lang, timeZone)}</time>
                </span>
              ) : null}
            </span>
          ) : (
            t('details.noDate')
          )}
        </Row>
      ) : null}
      {isEvent && event.attendanceMode !== 'IN_PERSON' ? (
        <Row label={t('details.attendance')} testId="event-attendance">
          <span className="flex flex-col gap-1">
            <span>{te(`attendance.${event.attendanceMode}`)}</span>
            {event.onlineUrl ? (
              <a href={event.onlineUrl} target="_blank" rel="noopener noreferrer nofollow" className="break-all font-medium text-brand-700 underline" data-testid="online-link">
                {t('details.joinOnline')}: {event.onlineUrl}
              </a>
            ) : event.hasOnlineUrl ? (
              <span className="text-slate-600">{t('details.onlineForParticipants')}</span>
            ) : null}
          </span>
        </Row>
      ) : null}
      {event.address ? (
        <Row label={t(event.attendanceMode === 'ONLINE' ? 'details.listedIn' : 'details.address')} testId="event-address">
          {event.address}
        </Row>
      ) : null}
      {price ? (
        <Row label={t('details.price')} testId="event-price">
          {price}
        </Row>
      ) : null}
      {event.categories.length ? (
        <Row label={t('details.categories')}>
          <ul className="flex flex-wrap gap-1.5" data-testid="event-categories">
            {event.categories.map((category) => (
              <li key={category} className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-medium text-brand-700">
                {te(`categories.${category}`, { defaultValue: category })}
              </li>
            ))}
          </ul>
        </Row>
      ) : null}
      {event.accessibility.length || event.accessibilityNote ? (
        <Row label={t('details.accessibility')} testId="event-accessibility">
          <ul className="space-y-1">
            {event.accessibility.map((feature) => (
              <li key={feature} className="flex items-center gap-1.5">
                <AccessibilityIcon feature={feature} className="h-4 w-4 shrink-0 text-slate-600" />
                {te(`accessibility.${feature}`)}
              </li>
            ))}
          </ul>
          {event.accessibilityNote ? <p className="mt-1 whitespace-pre-line break-words text-slate-700">{event.accessibilityNote}</p> : null}
        </Row>
      ) : null}
      {isEvent ? <Row label={t('details.access')}>{te(`accessType.${accessModeOf(event)}`)}</Row> : null}
      {event.channelLink ? (
        <Row label={t('details.contact')}>
          <a href={event.channelLink} target="_blank" rel="noopener noreferrer nofollow" className="text-brand-700 underline">
            {event.channelLink}
          </a>
        </Row>
      ) : null}
    </dl>
  )
}

export function Organizer({ postedBy, group }: { postedBy: Event['postedBy']; group?: Event['group'] }) {
  const { t } = useTranslation('eventPage')
  const name = personName(postedBy)
  return (
    <div className="flex items-center gap-3" data-testid="organizer">
      <Avatar name={name} avatarFile={postedBy.avatarFile} size="md" alt={t('organizer.avatar', { name })} />
      <div className="min-w-0">
        <p className="text-xs text-slate-500">{t('organizer.host')}</p>
        {/* A group's event (issue 45): the group hosts it, posted by one of its people. */}
        {group ? (
          <Link to={`/groups/${group.handle}`} className="block truncate font-semibold text-slate-900 hover:text-brand-700 hover:underline" data-testid="organizer-group">
            {group.name}
          </Link>
        ) : null}
        <Link
          to={`/profile/${encodeURIComponent(postedBy._id)}`}
          className={group ? 'block truncate text-sm text-slate-700 hover:underline' : 'block truncate font-semibold text-slate-900 hover:text-brand-700 hover:underline'}
        >
          {group ? t('organizer.postedBy', { name }) : name}
        </Link>
      </div>
    </div>
  )
}

export function Stats({
  event,
  likesCount,
  participantsCount,
  maxParticipants,
}: {
  event: Event
  likesCount: number
  participantsCount: number
  maxParticipants: number | null
}) {
  const { t } = useTranslation('eventPage')
  const { t: te } = useTranslation('events')
  const items = [
    { key: 'likes', label: te('stats.likes'), value: String(likesCount) },
    { key: 'views', label: te('stats.views'), value: String(event.views) },
    ...(event.eventType === 'EVENT'
      ? [
          {
            key: 'participants',
            label: te('stats.participants'),
            value:
              maxParticipants !== null
                ? t('stats.participantsOf', { count: participantsCount, max: maxParticipants })
                : String(participantsCount),
          },
        ]
      : []),
  ]
  return (
    <dl
      aria-label={t('stats.label')}
      className={`grid gap-2 text-center ${items.length === 3 ? 'grid-cols-3' : 'grid-cols-2'}`}
    >
      {items.map((item) => (
        <div key={item.key} className="rounded-lg bg-slate-50 px-1 py-2">
          <dt className="text-xs text-slate-500">{item.label}</dt>
          <dd data-testid={`stat-${item.key}`} className="text-base font-semibold tabular-nums text-slate-900">
            {item.value}
          </dd>
        </div>
      ))}
    </dl>
  )
}

export function OpeningHours({ hours }: { hours: Event['hours'] }) {
  const { t } = useTranslation('eventPage')
  if (!hours.length) return null
  return (
    <section aria-labelledby="hours-title" className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="hours-title" className="mb-2 text-lg font-semibold text-slate-900">
        {t('hours.title')}
      </h2>
      <table className="w-full text-sm" data-testid="opening-hours">
        <tbody>
          {WEEK_DAYS.map((day) => {
            const slots = hours.filter((h) => h.day === day)
            return (
              <tr key={day} className="border-t border-slate-100 first:border-0">
                <th scope="row" className="py-1.5 pr-3 text-left font-medium text-slate-700">
                  {t(`hours.days.${day}`)}
                </th>
                <td className="py-1.5 text-right tabular-nums text-slate-900">
                  {slots.length ? slots.map((h) => `${h.open}–${h.close}`).join(', ') : t('hours.closed')}
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </section>
  )
}

export function Location({ event }: { event: Event }) {
  const { t } = useTranslation('eventPage')
  const { t: te } = useTranslation('events')
  const point = toLatLon(event.coordinates)
  if (!point) return null
  return (
    <section aria-label={t('map.label')} className="space-y-2">
      <EventMap
        center={point}
        markers={[{ id: event._id, position: point, title: event.title }]}
        height={300}
        label={t('map.label')}
        // The address is on the page already: Leaflet (a third of the page's JavaScript) waits to be asked.
        showLabel={t('map.show')}
        fallback={
          <span className="flex flex-col items-center gap-1">
            <MapPinIcon className="h-5 w-5" />
            {t('map.fallback')}
          </span>
        }
      />
      <a
        href={mapsServiceUrl(point)}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline"
      >
        <MapPinIcon className="h-4 w-4" />
        {te('openInMaps')}
      </a>
    </section>
  )
}

