// The signed-in person's menu (SPEC §2 Layout, §6 roles): profile, copy link, settings, moderation, new event
// and place, sign out. A <details> dropdown that works without JavaScript; copy link uses the clipboard with
// JavaScript and shows the URL as text without it.
import { Form, Link } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { can, type User } from '#contract'
import { Dropdown, menuItemClass } from '~/components/ui/dropdown'
import { copyText } from '~/utils/copy-text'
import { CheckIcon, LinkIcon, LogOutIcon, PlusIcon, SettingsIcon, ShieldIcon, UserIcon } from '~/components/ui/icons'
import { useHydrated } from '~/components/ui/use-hydrated'
import { FormDialogLink } from '~/features/events/form/form-dialog-link'

function initials(user: User) {
  return (
    `${user.name.charAt(0)}${user.lastname.charAt(0)}`.toUpperCase() || user.username.charAt(0).toUpperCase()
  )
}

export function SignedInMenu({ user, origin }: { user: User; origin: string }) {
  const { t } = useTranslation()
  const profilePath = `/profile/${user.id}`
  return (
    <Dropdown
      testId="user-menu"
      summary={
        // The name includes the visible initials (WCAG 2.5.3, label in name), then says what it does.
        user.avatarFile?.url ? (
          <>
            <img src={user.avatarFile.url} alt="" width={36} height={36} className="h-9 w-9 rounded-full object-cover" />
            <span className="sr-only">{t('userMenu.open')}</span>
          </>
        ) : (
          <>
            <span className="text-xs font-semibold">{initials(user)}</span>
            <span className="sr-only"> — {t('userMenu.open')}</span>
          </>
        )
      }
      summaryClassName="h-9 w-9 justify-center rounded-full bg-brand-600 text-white ring-2 ring-white hover:bg-brand-700"
      panelClassName="w-64"
    >
      <div className="border-b border-slate-100 px-3 pb-2 pt-1.5">
        <p className="truncate text-sm font-semibold text-slate-900">
          {user.name} {user.lastname}
        </p>
        <p className="truncate text-xs text-slate-500">@{user.username}</p>
      </div>
      <ul className="py-1">
        <li>
          {/* myProfile is under /admin, which needs a confirmed email (SPEC §6). */}
          <Link to={user.isActivated ? '/admin/profile/myProfile' : profilePath} className={menuItemClass}>
            <UserIcon className="h-4 w-4" />
            {t('userMenu.profile')}
          </Link>
        </li>
        <li>
          <CopyProfileLink url={`${origin}${profilePath}`} />
        </li>
        <li>
          <Link to="/admin/profile/settings" className={menuItemClass}>
            <SettingsIcon className="h-4 w-4" />
            {t('userMenu.settings')}
          </Link>
        </li>
        {can(user.role, 'moderate') ? (
          <li>
            <Link to="/moderation" className={menuItemClass}>
              <ShieldIcon className="h-4 w-4" />
              {t('userMenu.moderation')}
            </Link>
          </li>
        ) : null}
        <li>
          <FormDialogLink to="/event/new" variant="modal" title="newEvent" className={menuItemClass}>
            <PlusIcon className="h-4 w-4" />
            {t('userMenu.addEvent')}
          </FormDialogLink>
        </li>
        {can(user.role, 'createPlace') ? (
          <li>
            <FormDialogLink to="/place/new" variant="modal" title="newPlace" className={menuItemClass}>
              <PlusIcon className="h-4 w-4" />
              {t('userMenu.addPlace')}
            </FormDialogLink>
          </li>
        ) : null}
      </ul>
      <Form method="post" action="/auth/logout" className="border-t border-slate-100 pt-1">
        <button type="submit" className={`${menuItemClass} text-red-700 hover:text-red-800`}>
          <LogOutIcon className="h-4 w-4" />
          {t('userMenu.signOut')}
        </button>
      </Form>
    </Dropdown>
  )
}

/** Copy link: a button with JavaScript; without it (or when copying fails) the URL as selectable text. */
function CopyProfileLink({ url }: { url: string }) {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle')
  const timer = useRef<ReturnType<typeof setTimeout>>()
  useEffect(() => () => clearTimeout(timer.current), [])

  if (!hydrated || state === 'failed') {
    return (
      <div className="px-3 py-2 text-sm text-slate-700" data-testid="copy-link-fallback">
        <p className="flex items-center gap-2.5">
          <LinkIcon className="h-4 w-4" />
          {t('userMenu.copyLink')}
        </p>
        <p className="mt-1 text-xs text-slate-500">{t('userMenu.copyLinkHint')}</p>
        <a href={url} className="mt-0.5 block break-all font-mono text-xs text-brand-700 underline">
          {url}
        </a>
      </div>
    )
  }

  return (
    <>
      <button
        type="button"
        className={menuItemClass}
        onClick={async () => {
          const copied = await copyText(url)
          setState(copied ? 'copied' : 'failed')
          clearTimeout(timer.current)
          if (copied) timer.current = setTimeout(() => setState('idle'), 3000)
        }}
      >
        <LinkIcon className="h-4 w-4" />
        {t('userMenu.copyLink')}
      </button>
      <p
        role="status"
        className="flex items-center gap-1.5 px-3 text-xs font-medium text-green-700 empty:hidden"
      >
        {state === 'copied' ? (
          <>
            <CheckIcon className="h-3.5 w-3.5" />
            {t('userMenu.linkCopied')}
          </>
        ) : null}
      </p>
    </>
  )
}
