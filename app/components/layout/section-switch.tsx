// Events / Places / Users (SPEC §2 Layout) / Collections (issue 43) / Groups (issue 45): a <details> dropdown of plain links, so it works without
// JavaScript. The current section is marked with aria-current.
import { Link, useLocation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { Dropdown, menuItemClass } from '~/components/ui/dropdown'
import { CalendarIcon, CheckIcon, ChevronDownIcon, PennantIcon, LayersIcon, MapPinIcon, UsersIcon } from '~/components/ui/icons'

const SECTIONS = [
  { key: 'events', to: '/', Icon: CalendarIcon },
  { key: 'places', to: '/places', Icon: MapPinIcon },
  { key: 'users', to: '/users', Icon: UsersIcon },
  { key: 'collections', to: '/collections', Icon: LayersIcon },
  { key: 'groups', to: '/groups', Icon: PennantIcon },
] as const

export type Section = (typeof SECTIONS)[number]['key']

export function currentSection(pathname: string): Section | null {
  if (pathname === '/') return 'events'
  if (pathname === '/places' || pathname.startsWith('/places/')) return 'places'
  if (pathname === '/users' || pathname.startsWith('/users/')) return 'users'
  if (pathname === '/collections' || pathname.startsWith('/collections/')) return 'collections'
  if (pathname === '/groups' || pathname.startsWith('/groups/')) return 'groups'
  return null
}

export function SectionSwitch() {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  const current = currentSection(pathname)
  const CurrentIcon = SECTIONS.find((section) => section.key === current)?.Icon ?? CalendarIcon

  return (
    <nav aria-label={t('nav.main')}>
      <Dropdown
        align="left"
        testId="section-switch"
        summary={
          <>
            <CurrentIcon className="h-4 w-4 text-brand-600" />
            <span className="sr-only">{t('nav.section')}: </span>
            <span>{t(`nav.${current ?? 'events'}`)}</span>
            <ChevronDownIcon className="h-4 w-4 text-slate-400 transition-transform group-open:rotate-180" />
          </>
        }
        summaryClassName="gap-1.5 border border-slate-200 bg-white px-2.5 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50"
        panelClassName="w-44"
      >
        <ul>
          {SECTIONS.map(({ key, to, Icon }) => (
            <li key={key}>
              <Link
                to={to}
                aria-current={current === key ? 'page' : undefined}
                className={`${menuItemClass} ${current === key ? 'font-semibold text-brand-700' : ''}`}
              >
                <Icon className="h-4 w-4" />
                <span className="flex-1">{t(`nav.${key}`)}</span>
                {current === key ? <CheckIcon className="h-4 w-4" /> : null}
              </Link>
            </li>
          ))}
        </ul>
      </Dropdown>
    </nav>
  )
}
