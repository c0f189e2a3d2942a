// The site header (SPEC §2 Layout): logo, section switch, search, notification bell (activated users
// only), language switch and user menu. Everything works without JavaScript.
import { Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import type { Language, LatestNotifications, User } from '#contract'
import { LogoMark } from '~/components/ui/icons'
import { LanguageSwitch } from '~/components/layout/language-switch'
import { SearchForm } from '~/components/layout/search-form'
import { SectionSwitch } from '~/components/layout/section-switch'
import { NotificationBell } from './signed-in'
import { UserMenu } from './user-menu'

type HeaderProps = {
  user: User | null
  locale: Language
  /** YYYY-MM-DD on the server: the earliest date the search may pick. */
  today: string
  origin: string
  /** The bell's data; null hides the bell (visitors, users who have not confirmed their email). */
  notifications: LatestNotifications | null
  timeZone: string
}

export function Header({ user, locale, today, origin, notifications, timeZone }: HeaderProps) {
  const { t } = useTranslation()
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/80">
      <a
        href="#main"
        className="sr-only rounded-md bg-brand-600 px-3 py-2 text-sm font-medium text-white focus:not-sr-only focus:absolute focus:left-3 focus:top-2 focus:z-50"
      >
        {t('skipToContent')}
      </a>
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-2 gap-y-2 px-3 py-2 sm:gap-x-3 sm:px-6 lg:flex-nowrap">
        <Link to="/" className="flex shrink-0 items-center gap-2 rounded-lg" aria-label={t('header.home')}>
          <LogoMark />
          <span className="hidden text-lg font-bold tracking-tight text-slate-900 min-[400px]:inline">
            {t('appName')}
          </span>
        </Link>
        <SectionSwitch />
        <SearchForm today={today} className="order-last w-full lg:order-none lg:w-auto lg:flex-1" />
        <div className="ml-auto flex shrink-0 items-center gap-1.5 sm:gap-2">
          {user?.isActivated && notifications ? <NotificationBell latest={notifications} timeZone={timeZone} /> : null}
          <LanguageSwitch locale={locale} />
          <UserMenu user={user} origin={origin} />
        </div>
      </div>
    </header>
  )
}
