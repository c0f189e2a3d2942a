// Sign-in with remix-auth 4 + remix-auth-form 3. remix-auth 4 keeps no session: authenticate() returns
// what verify returns (the API's auth response) and the route stores the tokens with api.signIn().
// FormStrategy reads the form from request.clone(), so the action may read its own clone first.
import { loginSchema, type AuthResponse } from '#contract'
import { Authenticator } from 'remix-auth'
import { FormStrategy } from 'remix-auth-form'
import { ApiError, getApi, ok } from './api.server'
import { readDeviceToken } from './device.server'

export const FORM_STRATEGY = 'form'

export const authenticator = new Authenticator<AuthResponse>()

authenticator.use(
  new FormStrategy<AuthResponse>(async ({ form, request }) => {
    const parsed = loginSchema.safeParse({ email: form.get('email'), password: form.get('password') })
    if (!parsed.success) {
      // The action validates first; this only guards direct use. Codes are translated by the form.
      const errors: Record<string, string[]> = {}
      for (const issue of parsed.error.issues) (errors[issue.path.join('.')] ??= []).push(issue.message)
      throw new ApiError(400, { message: 'validationFailed', errors })
    }
    const api = await getApi(request)
    const deviceToken = await readDeviceToken(request)
    return ok(api.typedAsVisitor.POST('/auth/login', { body: { ...parsed.data, deviceToken } }))
  }),
  FORM_STRATEGY,
)
