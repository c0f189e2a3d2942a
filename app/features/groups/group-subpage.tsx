// The frame of a group's own pages (members, settings): the toast of a refused button, the way back to the group,
// and the page's heading.
import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { ActionToast } from '~/components/forms/action-toast'
import type { Toast } from '~/utils/toast.server'

export function GroupSubpage({ handle, titleId, title, toast, width, children }: { handle: string; titleId: string; title: string; toast: Toast | null | undefined; width: string; children: ReactNode }) {
  const { t } = useTranslation('groups')
  return (
    <section aria-labelledby={titleId} className={`mx-auto ${width} py-4`}>
      <ActionToast toast={toast} />
      <p className="mb-2 text-sm">
        <Link to={`/groups/${handle}`} className="text-slate-600 underline hover:text-slate-900">
          {t('people.back')}
        </Link>
      </p>
      <h1 id={titleId} className="mb-4 text-2xl font-semibold text-slate-900">
        {title}
      </h1>
      {children}
    </section>
  )
}
