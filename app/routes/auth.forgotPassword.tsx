// /auth/forgotPassword in three steps kept in the URL (?step=…&email=…): email → code → "check your email".
// Screen: features/auth/forgot-password.tsx; action: forgot-password.server.ts.
import type { ActionFunctionArgs } from '@remix-run/node'
import { ForgotPassword } from '~/features/auth/forgot-password'
import { forgotPassword } from '~/features/auth/forgot-password.server'

export async function action({ request }: ActionFunctionArgs) {
  return forgotPassword(request)
}

export default function ForgotPasswordRoute() {
  return <ForgotPassword />
}
