// The layout's signed-in parts (signed-in-parts.tsx), one chunk loaded when a signed-in page renders them.
import { lazyComponent } from '~/components/ui/lazy-component'

const load = () => import('./signed-in-parts')

export const SignedInMenu = lazyComponent(load, 'SignedInMenu')
export const NotificationBell = lazyComponent(load, 'NotificationBell')
export const LiveNotifications = lazyComponent(load, 'LiveNotifications')
