// /auth/register: POST /auth/registration signs the new (unactivated) user in; the API mails a 6-digit code.
// Screen: features/auth/register.tsx; action: register.server.ts.
import type { ActionFunctionArgs } from '@remix-run/node'
import { Register } from '~/features/auth/register'
import { register } from '~/features/auth/register.server'

export async function action({ request }: ActionFunctionArgs) {
  return register(request)
}

export default function RegisterRoute() {
  return <Register />
}
