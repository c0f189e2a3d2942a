// The layout's signed-in parts (signed-in-parts.tsx), one chunk loaded when a signed-in page renders them.
import { lazyComponent } from '~/components/ui/lazy-component'

/** Also started early where a page is about to become a signed-in one (the sign-in screens' forms). */
export const loadSignedInParts = () => import('./signed-in-parts')

export const SignedInMenu = lazyComponent(loadSignedInParts, 'SignedInMenu')
export const NotificationBell = lazyComponent(loadSignedInParts, 'NotificationBell')
export const LiveNotifications = lazyComponent(loadSignedInParts, 'LiveNotifications')
