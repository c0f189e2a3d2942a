// /auth/confirmEmail: the 6-digit code → POST /auth/verificateEmail (signs in, activated) → / with a toast;
// "Send a new code" posts /auth/activateEmail. Screen: features/auth/confirm-email.tsx; action: confirm-email.server.ts.
import type { ActionFunctionArgs } from '@remix-run/node'
import { ConfirmEmail } from '~/features/auth/confirm-email'
import { confirmEmail } from '~/features/auth/confirm-email.server'

export async function action({ request }: ActionFunctionArgs) {
  return confirmEmail(request)
}

export default function ConfirmEmailRoute() {
  return <ConfirmEmail />
}
