// The event form's photos: those the post has (each with a Remove that works without JavaScript), those kept
// from a form that came back, and the picker (with JavaScript: shrunk, previewed, sent ahead with progress).
import type { FieldMetadata } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import type { EventImage } from '#contract'
import { PhotoPicker, type usePhotoList } from '~/features/photos/photo-picker'
import type { StagedPhoto } from '~/features/photos/upload'
import { UploadProgress, type usePhotoUpload } from '~/features/photos/upload-progress'
import { Section } from './form-kit'

export function PhotoFields({
  existing,
  staged,
  list,
  upload,
  id,
  meta,
  limit,
}: {
  existing: EventImage[]
  staged: StagedPhoto[]
  list: ReturnType<typeof usePhotoList>
  upload: ReturnType<typeof usePhotoUpload>
  id: string
  meta: FieldMetadata<unknown>
  limit: number
}) {
  const { t } = useTranslation('eventForm')
  return (
    <Section legend={t('photos')}>
      {existing.length ? (
        <div>
          <p className="mb-1 text-sm font-medium text-slate-700">{t('currentPhotos')}</p>
          <ul className="flex flex-wrap gap-2">
            {existing.map((image) => (
              <li key={image._id} className="w-28 space-y-1 text-center">
                <img src={image.thumbnailUrl} alt="" width={112} height={80} className="h-20 w-28 rounded object-cover" />
                <button type="submit" name="intent" value={`removePhoto:${image.name}`} formNoValidate className="text-xs text-red-700 underline">
                  {t('removePhoto')}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {staged.length ? (
        <div>
          <p className="mb-1 text-sm font-medium text-slate-700">{t('attached')}</p>
          <ul className="space-y-1 text-sm">
            {staged.map((photo) => (
              <li key={photo.token} className="flex items-center gap-2" data-testid="staged-photo">
                <span>{photo.name}</span>
                <label className="flex items-center gap-1 text-xs text-slate-600">
                  <input type="checkbox" name="unstage" value={photo.token} />
                  {t('removeAttached', { name: photo.name })}
                </label>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <PhotoPicker
        list={list}
        id={id}
        name={meta.name}
        label={t('photos')}
        hint={t('photosHint', { count: limit })}
        limit={limit}
        errorId={meta.errorId}
        serverErrors={meta.errors}
      >
        <UploadProgress upload={upload} />
      </PhotoPicker>
    </Section>
  )
}
