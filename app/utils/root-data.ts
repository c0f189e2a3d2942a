// What the root loader gives every page (app/root.tsx): a type of its own in a lower room, so that the layout's
// parts read it (useRootData) without importing the root module that imports them.
import type { AppVersion, Language, LatestNotifications, User } from '#contract'
import type { PublicEnv } from './env.server'
import type { InstallBannerData } from './layout.server'
import type { Toast } from './toast.server'

export interface RootData {
  locale: Language
  user: User | null
  /** The bell: only activated users have notifications (SPEC §2). */
  notifications: LatestNotifications | null
  appVersion: AppVersion | null
  /** The flash toast, its text already in the reader's language: pages ship no toast texts. */
  toast: Toast | null
  /** Android/iOS visitors who have not closed it: the install banner (decided here so it needs no JS). */
  installBanner: InstallBannerData | null
  /** The earliest date the header search may pick (YYYY-MM-DD): today where the events are (TIME_ZONE). */
  today: string
  ENV: PublicEnv
  requestInfo: { origin: string; path: string; search: string }
}
