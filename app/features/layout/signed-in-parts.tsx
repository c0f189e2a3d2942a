// What only a signed-in person's pages use in the layout: their menu, the bell and the live updates. One
// chunk, loaded by signed-in.tsx when such a page renders, so a visitor's pages (the sign-in screens among
// them) do not download it (decision 054).
import { useLiveNotifications } from '~/features/notifications/live-updates'

export { SignedInMenu } from './signed-in-menu'
export { NotificationBell } from '~/features/notifications/bell'

/** The socket that refreshes the bell (a component, so it can come with this chunk). */
export function LiveNotifications() {
  useLiveNotifications(true)
  return null
}
