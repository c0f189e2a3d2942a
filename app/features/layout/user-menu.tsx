// The user menu (SPEC §2 Layout, §6 roles). A <details> dropdown: it opens, and its links and forms work,
// without JavaScript. A visitor's menu is here; the signed-in person's comes in its own chunk
// (signed-in-parts.tsx), so a visitor's pages do not download it.
import { Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import type { User } from '#contract'
import { Dropdown, menuItemClass } from '~/components/ui/dropdown'
import { LogInIcon, PlusIcon, UserIcon } from '~/components/ui/icons'
import { SignedInMenu } from './signed-in'

export function UserMenu({ user, origin }: { user: User | null; origin: string }) {
  const { t } = useTranslation()

  if (!user) {
    return (
      <Dropdown
        testId="user-menu"
        label={t('userMenu.open')}
        summary={<UserIcon className="h-5 w-5" />}
        summaryClassName="h-9 w-9 justify-center border border-slate-200 bg-white text-slate-600 hover:bg-slate-50"
        panelClassName="w-52"
      >
        <ul>
          <li>
            <Link to="/auth/register" className={menuItemClass}>
              <PlusIcon className="h-4 w-4" />
              {t('userMenu.signUp')}
            </Link>
          </li>
          <li>
            <Link to="/auth" className={menuItemClass}>
              <LogInIcon className="h-4 w-4" />
              {t('userMenu.signIn')}
            </Link>
          </li>
        </ul>
      </Dropdown>
    )
  }

  return <SignedInMenu user={user} origin={origin} />
}
