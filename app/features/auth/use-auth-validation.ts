// conform options for an auth screen's form: checks in the browser once the form is first focused (the
// checks load then: auth-validation.ts), on blur and then as the person types; until they arrive, and with
// JavaScript off, the server checks on submit with the same schema and the same messages.
import type { Submission } from '@conform-to/react'
import { useCallback, useRef, useState, type FocusEventHandler } from 'react'
import type { AuthForm, validateAuthForm } from './auth-validation'

type Validate = typeof validateAuthForm

/** `Form`: the form's fields (the schema's input type); `formFor` names the schema for a submission. */
export function useAuthValidation<Form extends Record<string, unknown>>(formFor: (formData: FormData) => AuthForm) {
  const [validate, setValidate] = useState<Validate | null>(null)
  const requested = useRef(false)
  const loadChecks: FocusEventHandler = useCallback(() => {
    if (requested.current) return
    requested.current = true
    import('./auth-validation').then(
      (checks) => setValidate(() => checks.validateAuthForm),
      () => (requested.current = false), // offline: the next focus tries again; the server checks meanwhile
    )
  }, [])
  const options = validate
    ? {
        shouldValidate: 'onBlur' as const,
        shouldRevalidate: 'onInput' as const,
        onValidate: ({ formData }: { formData: FormData }) => validate(formFor(formData), formData) as unknown as Submission<Form, string[]>,
      }
    : { shouldValidate: 'onSubmit' as const }
  return { options, onFocus: loadChecks }
}
