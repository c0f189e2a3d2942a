// Closing the install-app banner without JavaScript (SPEC §9: hidden for 7 days). With JavaScript the
// banner stores the same time in localStorage and in the same cookie itself.
import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { backTo, installBannerHideCookie } from '~/utils/layout.server'
import { readFormData } from '~/utils/form.server'

export async function action({ request }: ActionFunctionArgs) {
  const form = await readFormData(request)
  return redirect(backTo(form.get('redirectTo')), {
    headers: { 'Set-Cookie': installBannerHideCookie() },
  })
}

export function loader() {
  return redirect('/')
}
