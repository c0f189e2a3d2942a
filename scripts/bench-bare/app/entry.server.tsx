// Remix's default Node entry for browsers: the document streamed from the shell.
import { PassThrough } from 'node:stream'
import { createReadableStreamFromReadable, type EntryContext } from '@remix-run/node'
import { RemixServer } from '@remix-run/react'
import { renderToPipeableStream } from 'react-dom/server'

export default function handleRequest(request: Request, status: number, headers: Headers, remixContext: EntryContext) {
  return new Promise((resolve, reject) => {
    const { pipe } = renderToPipeableStream(<RemixServer context={remixContext} url={request.url} />, {
      onShellReady() {
        const body = new PassThrough()
        headers.set('Content-Type', 'text/html; charset=utf-8')
        resolve(new Response(createReadableStreamFromReadable(body), { headers, status }))
        pipe(body)
      },
      onShellError: reject,
      // autocannon cuts its connections at the end of each round, mid-page: not worth a stack trace each
      // (the app's entry does not log those either).
      onError() {},
    })
  })
}
