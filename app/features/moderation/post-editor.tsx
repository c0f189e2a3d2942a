// The console's post editor (SPEC §2 "Admin modals edit … a post/place", §4 admin editors): the event form
// with the moderation status, image status and post status selects, in a 620 px modal whose open state is
// the URL (/moderation/{events|places}/{id}); without JavaScript it is the same form on a page.
import { useTranslation } from 'react-i18next'
import { MODERATION_STATUSES, POST_STATUSES, ADMIN_LIMITS, type Event, type EventType } from '#contract'
import { EventForm } from '~/features/events/form/event-form'
import type { EventFormActionData } from '~/features/events/form/types'
import { useRootData } from '~/components/layout/use-root-data'
import { UrlModal } from '~/components/ui/url-modal'
import { Select } from './table-controls'

/** One status field of the editor: its values shown with the console's status names. */
function StatusSelect({
  name,
  label,
  value,
  options,
}: {
  name: string
  label: string
  value: string
  options: readonly string[]
}) {
  const { t } = useTranslation('moderation')
  return (
    <Select
      name={name}
      label={label}
      value={value}
      options={options.map((option) => ({ value: option, label: t(`status.${option as 'PENDING'}`) }))}
    />
  )
}

export function ModerationStatusFields({
  event,
}: {
  event: Pick<Event, 'moderationStatus' | 'moderationImageStatus' | 'postStatus'>
}) {
  const { t } = useTranslation('moderation')
  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-200 p-3" data-testid="editor-statuses">
      <legend className="px-1 text-sm font-semibold text-slate-800">{t('editor.statuses')}</legend>
      <div className="grid gap-3 sm:grid-cols-3">
        <StatusSelect
          name="moderationStatus"
          label={t('filters.moderationStatus')}
          value={event.moderationStatus}
          options={MODERATION_STATUSES}
        />
        <StatusSelect
          name="moderationImageStatus"
          label={t('filters.moderationImageStatus')}
          value={event.moderationImageStatus}
          options={MODERATION_STATUSES}
        />
        <StatusSelect
          name="postStatus"
          label={t('filters.postStatus')}
          value={event.postStatus}
          options={POST_STATUSES}
        />
      </div>
      <label className="flex flex-col text-sm font-medium text-slate-700">
        {t('reason')}
        <input
          name="reason"
          maxLength={ADMIN_LIMITS.reasonMax}
          placeholder={t('reasonPlaceholder')}
          className="mt-1 rounded-md border border-slate-300 px-2 py-1.5 font-normal"
        />
      </label>
    </fieldset>
  )
}

export function PostEditor({
  data,
  actionData,
  closeTo,
  action,
}: {
  data: { eventType: EventType; isAdmin: boolean; event: Event | null }
  actionData: EventFormActionData | undefined
  closeTo: string
  action: string
}) {
  const { t } = useTranslation('moderation')
  const timeZone = useRootData()?.ENV.TIME_ZONE ?? 'UTC'
  const event = data.event
  return (
    <UrlModal
      title={t('editor.postTitle')}
      closeTo={closeTo}
      closeLabel={t('editor.close')}
      testId="post-editor"
    >
      {event ? (
        <EventForm
          {...data}
          // A new form for each post: the fields' defaults are the post's.
          key={event._id}
          timeZone={timeZone}
          actionData={actionData}
          action={action}
          extraFields={<ModerationStatusFields event={event} />}
        />
      ) : (
        <p>{t('editor.notFound')}</p>
      )}
    </UrlModal>
  )
}
