// /auth: sign in (remix-auth FormStrategy → POST /auth/login), plus Google sign-in when it is configured.
// The /auth layout's loader is the reverse guard. Screen: features/auth/sign-in.tsx; action: sign-in.server.ts.
import type { ActionFunctionArgs } from '@remix-run/node'
import { SignIn } from '~/features/auth/sign-in'
import { signIn } from '~/features/auth/sign-in.server'

export async function action({ request }: ActionFunctionArgs) {
  return signIn(request)
}

export default function SignInRoute() {
  return <SignIn />
}
