// /admin/profile/settings/*: the settings area with its sub-navigation (features/settings/layout.tsx).
import { routeTexts } from '~/locales/load'
import { SettingsLayout } from '~/features/settings/layout'

/** The texts of this screen beyond the root's (app/i18n.ts). */
export const handle = routeTexts({ i18n: ['settings'] })

export default function SettingsRoute() {
  return <SettingsLayout />
}
