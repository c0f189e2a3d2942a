// Any unknown path: a real 404 status with the not-found page of the root error boundary.
export async function loader() {
  throw new Response('Not Found', { status: 404 })
}

export default function NotFound() {
  return null
}
