// /auth/resetPassword/<link>: the mailed link. New password + confirmation → POST /auth/newPassword → /auth
// with the toast passwordSet. Screen: features/auth/reset-password.tsx; action: reset-password.server.ts.
import type { ActionFunctionArgs } from '@remix-run/node'
import { ResetPassword } from '~/features/auth/reset-password'
import { resetPassword } from '~/features/auth/reset-password.server'

export async function action({ request, params }: ActionFunctionArgs) {
  return resetPassword(request, params.link ?? '')
}

export default function ResetPasswordRoute() {
  return <ResetPassword />
}
