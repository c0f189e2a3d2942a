// The language switch (SPEC §2 Layout): a POST form sets the language cookie and redirects back to a
// same-site path, where the server renders the page in the new language. Works with JavaScript off.
import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { isLanguage } from '#contract'
import { backTo } from '~/utils/layout.server'
import { localeCookie } from '~/i18n.server'
import { combineHeaders, createToastHeaders } from '~/utils/toast.server'
import { readFormData } from '~/utils/form.server'

export async function action({ request }: ActionFunctionArgs) {
  const form = await readFormData(request)
  const lng = form.get('lng')
  const to = backTo(form.get('redirectTo'))
  if (!isLanguage(lng)) throw redirect(to)
  return redirect(to, {
    headers: combineHeaders(
      { 'Set-Cookie': await localeCookie.serialize(lng) },
      await createToastHeaders({ type: 'info', message: 'languageChanged' }),
    ),
  })
}

// No GET changes state: a plain visit goes home.
export function loader() {
  return redirect('/')
}
