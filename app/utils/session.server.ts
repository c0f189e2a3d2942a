// The signed, httpOnly, SameSite=Lax cookie that holds the API tokens. The browser never reads it.
import { createCookieSessionStorage } from '@remix-run/node'
import { cookiesAreSecure, getEnv } from './env.server'

export type AuthSessionData = {
  accessToken: string
  refreshToken: string
  userId: string
}

const env = getEnv()
const secure = cookiesAreSecure()

export const authSessionStorage = createCookieSessionStorage<AuthSessionData>({
  cookie: {
    // __Host- binds the cookie to this exact origin; browsers accept it only with Secure (https).
    name: secure ? '__Host-nearby_session' : 'nearby_session',
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure,
    secrets: env.SESSION_SECRET.split(',').map((secret) => secret.trim()),
    maxAge: 60 * 60 * 24 * 30,
  },
})

export async function getAuthSession(request: Request) {
  return authSessionStorage.getSession(request.headers.get('Cookie'))
}
