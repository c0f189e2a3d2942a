// What only the organizer sees: the moderation banner (SPEC §4 overlay texts) and Edit / Delete.
import { Form, Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import type { Event } from '#contract'
import { SubmitButton } from '~/components/forms/submit-button'
import { FormDialogLink } from '~/features/events/form/form-dialog-link'
import { ModerationNotice } from '~/components/ui/list-parts'

type Moderation = Pick<Event, 'moderationStatus' | 'moderationImageStatus' | 'moderationReasons'>

export function moderationTexts(
  event: Moderation,
): Array<{ key: string; tone: 'pending' | 'rejected'; reason?: string | null }> {
  const texts: Array<{ key: string; tone: 'pending' | 'rejected'; reason?: string | null }> = []
  const reasons = event.moderationReasons
  if (event.moderationStatus === 'PENDING') texts.push({ key: 'moderation.PENDING', tone: 'pending' })
  if (event.moderationStatus === 'REJECTED')
    texts.push({ key: 'moderation.REJECTED', tone: 'rejected', reason: reasons?.info })
  if (event.moderationImageStatus === 'PENDING')
    texts.push({ key: 'moderation.imagePENDING', tone: 'pending' })
  if (event.moderationImageStatus === 'REJECTED')
    texts.push({ key: 'moderation.imageREJECTED', tone: 'rejected', reason: reasons?.image })
  return texts
}

export function ModerationBanner({ event }: { event: Moderation }) {
  const { t } = useTranslation('events')
  // The moderator's reason follows the overlay text (ARCHITECTURE: the owner is told why).
  const texts = moderationTexts(event).map((text) => ({
    text: text.reason ? `${t(text.key)} ${t('moderation.reason', { reason: text.reason })}` : t(text.key),
    rejected: text.tone === 'rejected',
  }))
  return <ModerationNotice texts={texts} testId="moderation-banner" />
}

const secondaryClass =
  'inline-flex items-center justify-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50'

export function OwnerActions({
  event,
  action,
}: {
  event: Pick<Event, '_id' | 'eventType' | 'isEnded' | 'cancelledAt'>
  action: string
}) {
  const { t } = useTranslation('eventPage')
  const { t: tp } = useTranslation('profile')
  const confirmText = event.eventType === 'PLACE' ? t('owner.confirmDeletePlace') : t('owner.confirmDelete')
  return (
    <div role="group" aria-label={t('owner.label')} className="flex flex-wrap items-center gap-2">
      {/* SPEC §6: Invite is not offered for places; an ended event takes no new guests. */}
      {event.eventType === 'EVENT' && !event.isEnded && !event.cancelledAt ? (
        <Link
          to={`/event/${encodeURIComponent(event._id)}/invite`}
          preventScrollReset
          className="inline-flex items-center justify-center rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700"
        >
          {tp('invite.open')}
        </Link>
      ) : null}
      {/* A cancelled event is final: no more changes but Delete. */}
      {event.eventType === 'EVENT' && !event.cancelledAt ? (
        <>
          <Link
            to={`/event/${encodeURIComponent(event._id)}/reschedule`}
            preventScrollReset
            className={secondaryClass}
          >
            {t('owner.reschedule')}
          </Link>
          {event.isEnded ? null : (
            <Link
              to={`/event/${encodeURIComponent(event._id)}/cancel`}
              preventScrollReset
              className={`${secondaryClass} border-red-300 text-red-700 hover:bg-red-50`}
            >
              {t('owner.cancel')}
            </Link>
          )}
        </>
      ) : null}
      {event.cancelledAt ? null : (
        <FormDialogLink
          to={`/event/${encodeURIComponent(event._id)}/edit`}
          variant="drawer"
          title={event.eventType === 'PLACE' ? 'editPlace' : 'editEvent'}
          className="inline-flex items-center justify-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50"
        >
          {t('owner.edit')}
        </FormDialogLink>
      )}
      <Form
        method="post"
        action={action}
        onSubmit={(e) => {
          // With JavaScript a confirmation first; without it the post goes straight through.
          if (!window.confirm(confirmText)) e.preventDefault()
        }}
      >
        <input type="hidden" name="eventType" value={event.eventType} />
        <SubmitButton
          variant="secondary"
          name="intent"
          value="delete"
          className="border-red-300 text-red-700 hover:bg-red-50"
        >
          {t('owner.delete')}
        </SubmitButton>
      </Form>
    </div>
  )
}
