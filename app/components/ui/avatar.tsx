// A person's round picture: the avatar's thumbnail when there is one, otherwise the first letter of the
// name. Decorative by default (the name is always written next to it).
import type { AvatarFile } from '#contract'

const sizes = {
  sm: 'h-9 w-9 text-sm',
  md: 'h-11 w-11 text-base',
  lg: 'h-24 w-24 text-3xl',
} as const
/** The same sizes in CSS pixels, as the image's width and height (its box is known before it loads). */
const pixels = { sm: 36, md: 44, lg: 96 } as const

export function Avatar({
  name,
  avatarFile,
  size = 'sm',
  alt = '',
}: {
  name: string
  avatarFile: AvatarFile | null | undefined
  size?: keyof typeof sizes
  alt?: string
}) {
  if (avatarFile)
    return (
      <img
        src={size === 'lg' ? avatarFile.url : (avatarFile.thumbnailUrl ?? avatarFile.url)}
        alt={alt}
        width={pixels[size]}
        height={pixels[size]}
        className={`${sizes[size]} shrink-0 rounded-full object-cover`}
      />
    )
  return (
    <span
      aria-hidden="true"
      className={`${sizes[size]} flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-700`}
    >
      {name.slice(0, 1).toUpperCase()}
    </span>
  )
}
