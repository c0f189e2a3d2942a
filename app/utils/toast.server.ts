// Flash toasts: set by an action before it redirects, read once by the root loader.
import { createCookieSessionStorage, redirect } from '@remix-run/node'
import { z } from 'zod'
import type { Language } from '#contract'
import { cookiesAreSecure, getEnv } from './env.server'
import { isServerText, serverT } from '~/i18n.server'

const toastSchema = z.object({
  type: z.enum(['success', 'error', 'info']).default('success'),
  /** An i18n key in the `toast` namespace, or a text already in the user's language (e.g. from the API). */
  message: z.string(),
  /** Interpolation values of the message ({{name}}, {{count}}…). */
  values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
})
export type Toast = z.infer<typeof toastSchema>
export type ToastInput = z.input<typeof toastSchema>

const env = getEnv()
const toastSessionStorage = createCookieSessionStorage({
  cookie: {
    name: 'nearby_toast',
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: cookiesAreSecure(),
    secrets: env.SESSION_SECRET.split(',').map((secret) => secret.trim()),
  },
})

const TOAST_KEY = 'toast'

export async function createToastHeaders(toast: ToastInput): Promise<Headers> {
  const session = await toastSessionStorage.getSession()
  session.flash(TOAST_KEY, toastSchema.parse(toast))
  return new Headers({ 'Set-Cookie': await toastSessionStorage.commitSession(session) })
}

/** Redirects with a toast; extra headers (e.g. a session cookie) are kept. */
export async function redirectWithToast(url: string, toast: ToastInput, init?: ResponseInit): Promise<Response> {
  const headers = new Headers(init?.headers)
  for (const cookie of (await createToastHeaders(toast)).getSetCookie()) headers.append('Set-Cookie', cookie)
  return redirect(url, { ...init, headers })
}

export async function getToast(request: Request): Promise<{ toast: Toast | null; headers: Headers | null }> {
  const session = await toastSessionStorage.getSession(request.headers.get('Cookie'))
  // has() before get(): reading a flash value removes it, after which has() answers false.
  if (!session.has(TOAST_KEY)) return { toast: null, headers: null }
  const parsed = toastSchema.safeParse(session.get(TOAST_KEY))
  return {
    toast: parsed.success ? parsed.data : null,
    headers: new Headers({ 'Set-Cookie': await toastSessionStorage.destroySession(session) }),
  }
}

/**
 * The toast with its message as text in `language` (a `toast` key, a `namespace:key`, or a text already
 * translated, e.g. the API's): the server holds every text, so the browser needs none of the toasts'.
 */
export function toastInLanguage(toast: Toast, language: Language): Toast {
  // A text that is no key (the API's, already in the reader's language) is shown as it is, never interpolated.
  const message = isServerText(language, 'toast', toast.message, toast.values)
    ? serverT(language, 'toast')(toast.message, toast.values)
    : toast.message
  return { type: toast.type, message }
}

/** Merges several Headers (Set-Cookie values are appended, not replaced). */
export function combineHeaders(...sources: Array<HeadersInit | null | undefined>): Headers {
  const combined = new Headers()
  for (const source of sources) {
    if (!source) continue
    for (const [key, value] of new Headers(source).entries()) {
      if (key.toLowerCase() === 'set-cookie') continue
      combined.set(key, value)
    }
    for (const cookie of new Headers(source).getSetCookie()) combined.append('Set-Cookie', cookie)
  }
  return combined
}
