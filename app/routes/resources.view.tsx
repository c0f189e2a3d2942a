// POST {postId}: a card became fully visible; counts one view for a signed-in user (SPEC §4).
import type { ActionFunctionArgs } from '@remix-run/node'
import { registerView } from '~/components/events/list/list.server'
import { readFormData } from '~/utils/form.server'

export async function action({ request }: ActionFunctionArgs) {
  const form = await readFormData(request)
  return registerView(request, String(form.get('postId') ?? ''))
}
