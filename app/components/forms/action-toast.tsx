import { Toaster } from '~/components/toaster'
import type { Toast } from '~/utils/toast.server'

/**
 * The toast of a failed form post that stays on the page (SPEC §8: e.g. a refused email confirmation or
 * password change). The root's flash toasts need a redirect; this one comes with the action data, so it
 * shows with JavaScript on and off alike. Placed above the root toast, should one still be showing.
 */
export function ActionToast({ toast }: { toast: Toast | null | undefined }) {
  if (!toast) return null
  return (
    <div className="[&>div]:bottom-20">
      <Toaster toast={toast} />
    </div>
  )
}
