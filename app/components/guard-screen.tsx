// The screen of a guard (app/utils/auth.server.ts), rendered by the root error boundary:
// 401 sign in, 403 confirm the email, 403 no permission (SPEC §2 "A guard shows a separate screen").
import { Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import type { GuardData } from '~/utils/auth.server'
import { safeRedirect } from '~/utils/redirect'

const primary =
  'inline-flex items-center justify-center rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700'
const secondary =
  'inline-flex items-center justify-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50'

function Screen({ title, text, children }: { title: string; text: string; children: React.ReactNode }) {
  return (
    <section className="mx-auto max-w-md py-12 text-center" aria-labelledby="guard-title">
      <h1 id="guard-title" className="mb-3 text-2xl font-semibold">
        {title}
      </h1>
      <p className="mb-6 text-slate-600">{text}</p>
      <div className="flex flex-wrap items-center justify-center gap-3">{children}</div>
    </section>
  )
}

export function GuardScreen({ guard, redirectTo }: GuardData) {
  const { t } = useTranslation('auth')
  if (guard === 'signIn') {
    return (
      <Screen title={t('guard.signIn.title')} text={t('guard.signIn.text')}>
        <Link to={`/auth?${new URLSearchParams({ redirectTo: safeRedirect(redirectTo) })}`} className={primary}>
          {t('guard.signIn.action')}
        </Link>
        <Link to="/auth/register" className={secondary}>
          {t('guard.signIn.register')}
        </Link>
      </Screen>
    )
  }
  if (guard === 'confirmEmail') {
    return (
      <Screen title={t('guard.confirmEmail.title')} text={t('guard.confirmEmail.text')}>
        <Link to="/auth/confirmEmail" className={primary}>
          {t('guard.confirmEmail.action')}
        </Link>
      </Screen>
    )
  }
  return (
    <Screen title={t('guard.forbidden.title')} text={t('guard.forbidden.text')}>
      <Link to="/" className={primary}>
        {t('guard.forbidden.home')}
      </Link>
    </Screen>
  )
}
