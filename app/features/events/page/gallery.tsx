// The photos: a horizontal scroll-snap strip (swipe on phones) with numbered thumbnails that jump to a
// photo. Plain anchors without JavaScript; with it the strip scrolls sideways without moving the page.
import { PRIORITY } from '~/components/ui/image'
import { useTranslation } from 'react-i18next'
import type { Event } from '#contract'

export function Gallery({ event }: { event: Pick<Event, '_id' | 'title' | 'images'> }) {
  const { t } = useTranslation('eventPage')
  const { t: te } = useTranslation('events')
  const images = event.images
  if (!images.length)
    return (
      <div className="flex aspect-[16/9] items-center justify-center rounded-xl bg-slate-100 text-sm text-slate-600">
        {te('noPhoto')}
      </div>
    )
  const photoId = (n: number) => `photo-${n}`
  return (
    <section aria-label={t('gallery.label')} className="space-y-2">
      <ul
        data-testid="gallery"
        className="flex snap-x snap-mandatory overflow-x-auto rounded-xl bg-slate-900 [scrollbar-width:thin]"
      >
        {images.map((image, index) => (
          <li key={image._id} id={photoId(index + 1)} className="w-full shrink-0 snap-center">
            <a href={image.url} target="_blank" rel="noreferrer" aria-label={t('gallery.open')} className="block">
              <img
                src={image.url}
                alt={t('gallery.photo', { n: index + 1, count: images.length, title: event.title })}
                width={1280}
                height={720}
                // The first photo is the page's largest paint: fetched first, not after layout.
                loading={index === 0 ? 'eager' : 'lazy'}
                {...(index === 0 ? PRIORITY : {})}
                className="mx-auto aspect-[16/9] w-full object-contain"
              />
            </a>
          </li>
        ))}
      </ul>
      {images.length > 1 ? (
        <ul className="flex flex-wrap gap-2">
          {images.map((image, index) => (
            <li key={image._id}>
              <a
                href={`#${photoId(index + 1)}`}
                aria-label={t('gallery.show', { n: index + 1 })}
                onClick={(e) => {
                  const target = document.getElementById(photoId(index + 1))
                  if (!target) return
                  e.preventDefault()
                  target.scrollIntoView({ behavior: 'smooth', block: 'nearest', inline: 'center' })
                }}
                className="block overflow-hidden rounded-md border border-slate-200 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <img src={image.thumbnailUrl} alt="" loading="lazy" width={80} height={56} className="h-14 w-20 object-cover" />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  )
}
