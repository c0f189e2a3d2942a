// "Add to calendar" (/event/{id}/calendar.ics, RFC 5545): the event as a file. It asks the API as the viewer,
// so it shows exactly what the event page would (403 for a private event, 404 for a hidden one).
import { pageUrls } from './event-page.server'
import { buildIcs, ICS_CONTENT_TYPE, icsFileName } from './ics'
import { getLanguage, serverT } from '~/i18n.server'
import { ApiError, getApi, ok } from '~/utils/api.server'

function text(status: number, body: string) {
  return new Response(body, {
    status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  })
}

/** The words for an event online, in the viewer's language. */
async function onlineLabels(request: Request) {
  const t = serverT(await getLanguage(request), 'events')
  return { ONLINE: t('attendance.ONLINE'), HYBRID: t('attendance.HYBRID') }
}

export async function eventCalendarFile(request: Request, id: string) {
  const api = await getApi(request)
  let event
  try {
    event = await ok(api.typed.GET('/event/{id}', { params: { path: { id } } }))
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    const status = error.status === 400 ? 404 : error.status >= 500 ? 503 : error.status
    return text(status, error.body.message)
  }
  const urls = pageUrls(event._id)
  const ics =
    event.eventType === 'EVENT'
      ? buildIcs(event, { url: urls.pageUrl, host: new URL(urls.origin).hostname, onlineLabels: await onlineLabels(request) })
      : null
  if (!ics) return text(404, 'Not found.')
  return new Response(ics, {
    headers: {
      'Content-Type': ICS_CONTENT_TYPE,
      'Content-Disposition': `attachment; filename="${icsFileName(event)}"`,
      // Per viewer (private events): never cached by shared caches.
      'Cache-Control': 'private, no-store',
    },
  })
}
