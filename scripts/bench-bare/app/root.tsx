import { Links, Meta, Scripts, ScrollRestoration, useLoaderData } from '@remix-run/react'

export function loader() {
  return { items: Array.from({ length: 16 }, (_, index) => ({ id: index + 1, title: `Item ${index + 1}` })) }
}

export default function Bare() {
  const { items } = useLoaderData<typeof loader>()
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <title>Bare</title>
        <Meta />
        <Links />
      </head>
      <body>
        <h1>A bare page</h1>
        <ul>
          {items.map((item) => (
            <li key={item.id}>
              <a href={`/item/${item.id}`}>{item.title}</a>
            </li>
          ))}
        </ul>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  )
}
