// The sign-in screen (/auth), plus Google sign-in when it is configured. Action: sign-in.server.ts.
import { getFormProps, useForm } from '@conform-to/react'
import type { LoginForm } from '#contract'
import { Form, Link, useActionData, useRouteLoaderData, useSearchParams } from '@remix-run/react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Field, FormErrors, FormProvider } from '~/components/forms/field'
import { SubmitButton } from '~/components/forms/submit-button'
import { useHydrated } from '~/components/ui/use-hydrated'
import type { FormActionData } from '~/utils/submission.server'
import type { loader as rootLoader } from '~/root'
import { useAuthValidation } from './use-auth-validation'

export function SignIn() {
  const { t } = useTranslation('auth')
  const actionData = useActionData<FormActionData>()
  const [searchParams] = useSearchParams()
  const rootData = useRouteLoaderData<typeof rootLoader>('root')
  const googleClientId = rootData?.ENV.GOOGLE_CLIENT_ID ?? null
  const redirectTo = searchParams.get('redirectTo') ?? ''

  const validation = useAuthValidation<LoginForm>(() => 'login')
  const [form, fields] = useForm<LoginForm>({
    lastResult: actionData?.result,
    defaultValue: { redirectTo },
    ...validation.options,
  })

  return (
    <>
      <h1 className="mb-2 text-2xl font-semibold">{t('signIn.title')}</h1>
      <p className="mb-5 text-sm text-slate-600">{t('signIn.intro')}</p>
      <FormProvider context={form.context}>
        <Form method="post" {...getFormProps(form)} onFocus={validation.onFocus} noValidate className="space-y-3">
          <FormErrors formId={form.id} />
          <input type="hidden" name={fields.redirectTo.name} value={redirectTo} />
          <Field
            meta={fields.email}
            label={t('signIn.login')}
            inputProps={{ autoComplete: 'username', autoCapitalize: 'none', spellCheck: false }}
          />
          <Field
            meta={fields.password}
            label={t('password')}
            type="password"
            inputProps={{ autoComplete: 'current-password' }}
          />
          <div className="flex items-center justify-between gap-3 pt-1">
            <SubmitButton>{t('signIn.submit')}</SubmitButton>
            <Link to="/auth/forgotPassword" className="text-sm text-brand-600 underline">
              {t('signIn.forgotPassword')}
            </Link>
          </div>
        </Form>
      </FormProvider>
      {googleClientId ? <GoogleSignIn clientId={googleClientId} /> : null}
      <p className="mt-6 text-sm text-slate-600">
        {t('signIn.noAccount')}{' '}
        <Link to="/auth/register" className="font-medium text-brand-600 underline">
          {t('signIn.register')}
        </Link>
      </p>
    </>
  )
}

/**
 * Google Identity Services in redirect mode: Google posts `credential` and `g_csrf_token` to /auth/google.
 * Rendered only after hydration, so nothing Google-related shows with JavaScript off.
 */
function GoogleSignIn({ clientId }: { clientId: string }) {
  const { t, i18n } = useTranslation('auth')
  const hydrated = useHydrated()
  useEffect(() => {
    if (!hydrated) return
    const script = document.createElement('script')
    script.src = 'https://accounts.google.com/gsi/client'
    script.async = true
    document.head.appendChild(script)
    return () => script.remove()
  }, [hydrated])
  if (!hydrated) return null
  const { origin } = window.location
  return (
    <div className="mt-5">
      <p className="mb-3 text-center text-xs uppercase tracking-wide text-slate-500">{t('signIn.or')}</p>
      <div
        id="g_id_onload"
        data-client_id={clientId}
        data-ux_mode="redirect"
        data-login_uri={`${origin}/auth/google`}
        data-auto_prompt="false"
      />
      <div
        className="g_id_signin flex justify-center"
        data-type="standard"
        data-text="signin_with"
        data-locale={i18n.language}
        aria-label={t('google.button')}
      />
    </div>
  )
}
