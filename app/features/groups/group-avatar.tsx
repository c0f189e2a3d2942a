// A group's round picture: its avatar's thumbnail, or the first letter of its name (ui/avatar.tsx). Decorative:
// the name is always written beside it.
import type { Group } from '#contract'
import { Avatar } from '~/components/ui/avatar'

export function GroupAvatar({ group, size = 'sm' }: { group: Pick<Group, 'name' | 'avatarUrl'>; size?: 'sm' | 'md' | 'lg' }) {
  const url = group.avatarUrl
  return <Avatar name={group.name} avatarFile={url ? { url, name: '', thumbnailUrl: url } : null} size={size} />
}
