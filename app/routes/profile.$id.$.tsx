// /profile/{id}/*: no sub-pages on a public profile; the profile itself.
import { redirect, type LoaderFunctionArgs } from '@remix-run/node'

export function loader({ params }: LoaderFunctionArgs) {
  return redirect(`/profile/${encodeURIComponent(params.id ?? '')}`)
}
