// POST postId=…&postId=…: cards that became fully visible; counts one view each for a signed-in user
// (SPEC §4), a batch at a time (features/events/list/card-views.ts).
import type { ActionFunctionArgs } from '@remix-run/node'
import { registerViews } from '~/features/events/list/list.server'
import { readFormData } from '~/utils/form.server'

export async function action({ request }: ActionFunctionArgs) {
  const form = await readFormData(request)
  return registerViews(request, form.getAll('postId').map(String))
}
