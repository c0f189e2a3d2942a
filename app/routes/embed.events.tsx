// /embed/events: the programme other sites frame (issue 27, decision 043), a resource route: a whole HTML
// document with no JavaScript. The document and its caching: features/embed/programme.server.tsx.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { embedPage } from '~/features/embed/programme.server'

export function loader({ request }: LoaderFunctionArgs) {
  return embedPage(request)
}
