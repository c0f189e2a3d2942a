// Cells of the moderation tables (SPEC §2 "Moderation tabs"): status badges, at most 3 images plus '+N', and
// texts cut to a cell's width.
import { useTranslation } from 'react-i18next'
import { type EventImage, LIMITS } from '#contract'

const BADGE_TONES: Record<string, string> = {
  PENDING: 'bg-amber-50 text-amber-900 ring-amber-200',
  APPROVED: 'bg-emerald-50 text-emerald-900 ring-emerald-200',
  REJECTED: 'bg-red-50 text-red-900 ring-red-200',
  ACTIVE: 'bg-slate-50 text-slate-700 ring-slate-200',
  DELETED: 'bg-slate-800 text-white ring-slate-800',
}

export function StatusBadge({
  field,
  status,
}: {
  field: 'moderationStatus' | 'moderationImageStatus' | 'postStatus'
  status: string
}) {
  const { t } = useTranslation('moderation')
  return (
    <span
      data-status={`${field}:${status}`}
      className={`inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${BADGE_TONES[status] ?? ''}`}
    >
      {t(`statusLabel.${field}`, { status: t(`status.${status as 'PENDING'}`) })}
    </span>
  )
}

/** At most 3 thumbnails and '+N' for the rest (SPEC §9). */
export function ImagesCell({ images, title }: { images: EventImage[]; title: string }) {
  const { t } = useTranslation('moderation')
  if (images.length === 0) return <span className="text-xs text-slate-500">{t('noImages')}</span>
  const shown = images.slice(0, LIMITS.moderationRowImages)
  const more = images.length - shown.length
  return (
    <span className="flex items-center gap-1" data-testid="row-images">
      {shown.map((image, index) => (
        <a key={image._id} href={image.url} target="_blank" rel="noreferrer">
          <img
            src={image.thumbnailUrl ?? image.url}
            alt={`${title} ${index + 1}`}
            loading="lazy"
            width={40}
            height={40}
            className="h-10 w-10 rounded object-cover"
          />
        </a>
      ))}
      {more > 0 ? (
        <span className="text-xs font-medium text-slate-600">{t('moreImages', { count: more })}</span>
      ) : null}
    </span>
  )
}

/** Text cut at `max` characters with an ellipsis (place descriptions: 200, SPEC §9). */
export function truncate(
  text: string | null | undefined,
  max: number = LIMITS.moderationDescriptionTruncate,
): string {
  if (!text) return ''
  const chars = [...text]
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : text
}
