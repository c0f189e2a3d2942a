// The device cookie (decision 013): the device token the API answered at this browser's last password
// sign-in, sent with the next one, so a lock of the account by guesses from elsewhere spares its owner here.
// httpOnly and signed; it names no account and opens nothing by itself (a password is still needed).
import { createCookie } from '@remix-run/node'
import { cookiesAreSecure, getEnv } from './env.server'

const secure = cookiesAreSecure()

export const deviceCookie = createCookie(secure ? '__Host-nearby_device' : 'nearby_device', {
  httpOnly: true,
  sameSite: 'lax',
  path: '/',
  secure,
  secrets: getEnv().SESSION_SECRET.split(',').map((secret) => secret.trim()),
  maxAge: 60 * 60 * 24 * 365,
})

/** The device token this browser holds, if any. */
export async function readDeviceToken(request: Request): Promise<string | undefined> {
  const value: unknown = await deviceCookie.parse(request.headers.get('Cookie'))
  return typeof value === 'string' && value.length <= 300 ? value : undefined
}

/** Set-Cookie headers that keep the device token of a sign-in (none when the API answered none). */
export async function deviceCookieHeaders(deviceToken: string | undefined): Promise<HeadersInit> {
  return deviceToken ? { 'Set-Cookie': await deviceCookie.serialize(deviceToken) } : {}
}
