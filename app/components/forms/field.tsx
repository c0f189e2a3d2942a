// Form fields built on conform: label, input, error list, wired with aria-invalid/aria-describedby.
// They render the same on the server, so errors and typed values show with JavaScript off too.
// Each field subscribes to its own state with useField (inside the form's <ConformForm>/FormProvider):
// conform tracks what a render reads, and a field that only reads the owner's metadata can miss updates
// when React interrupts and resumes a render (hydration in a transition).
import {
  FormProvider,
  getInputProps,
  getTextareaProps,
  useField,
  useFormMetadata,
  type FieldMetadata,
} from '@conform-to/react'
import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react'
import { useMessage } from './use-message'

import { inputClass } from './input-class'

/** The look of the forms' text inputs (also the date-time field's parts). */
export { inputClass }

export function ErrorList({ id, errors }: { id?: string; errors?: string[] | null }) {
  const message = useMessage()
  const list = errors?.filter(Boolean) ?? []
  return (
    <div id={id} className="min-h-5 text-sm text-red-700">
      {list.length ? (
        <ul>
          {list.map((error) => (
            <li key={error}>{message(error)}</li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}

/** Errors of the whole form (e.g. a refused sign-in), announced to screen readers. */
export function FormErrors({ formId }: { formId: string }) {
  const message = useMessage()
  const form = useFormMetadata(formId)
  const errors = form.errors?.filter(Boolean) ?? []
  return (
    <div id={form.errorId} role="alert">
      {errors.length ? (
        <ul className="mb-3 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {errors.map((error) => (
            <li key={error}>{message(error)}</li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}

type InputType = 'text' | 'email' | 'password' | 'tel' | 'url' | 'search' | 'date' | 'datetime-local'

export type FieldProps = {
  meta: FieldMetadata<string | undefined>
  label: ReactNode
  type?: InputType
  description?: ReactNode
  inputProps?: Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id' | 'type' | 'form' | 'defaultValue'>
}

export function Field({ meta: owner, label, type = 'text', description, inputProps }: FieldProps) {
  const [meta] = useField<string | undefined>(owner.name, { formId: owner.formId })
  const { key, ...props } = getInputProps(meta, {
    type,
    ariaDescribedBy: description ? meta.descriptionId : undefined,
  })
  return (
    <div className="space-y-1">
      <label htmlFor={meta.id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input key={key} {...props} {...inputProps} className={inputClass} />
      {description ? (
        <p id={meta.descriptionId} className="text-xs text-slate-500">
          {description}
        </p>
      ) : null}
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  )
}

/** A multi-line text field (bio, descriptions). */
export function TextareaField({
  meta: owner,
  label,
  description,
  textareaProps,
}: {
  meta: FieldMetadata<string | undefined>
  label: ReactNode
  description?: ReactNode
  textareaProps?: Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name' | 'id' | 'form' | 'defaultValue'>
}) {
  const [meta] = useField<string | undefined>(owner.name, { formId: owner.formId })
  const { key, ...props } = getTextareaProps(meta, { ariaDescribedBy: description ? meta.descriptionId : undefined })
  return (
    <div className="space-y-1">
      <label htmlFor={meta.id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <textarea key={key} {...props} {...textareaProps} className={inputClass} />
      {description ? (
        <p id={meta.descriptionId} className="text-xs text-slate-500">
          {description}
        </p>
      ) : null}
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  )
}

export function CheckboxField({
  meta: owner,
  label,
}: {
  meta: FieldMetadata<boolean | undefined>
  label: ReactNode
}) {
  const [meta] = useField<boolean | undefined>(owner.name, { formId: owner.formId })
  const { key, ...props } = getInputProps(meta, { type: 'checkbox' })
  return (
    <div className="space-y-1">
      <div className="flex items-start gap-2">
        <input key={key} {...props} className="mt-1 h-4 w-4 rounded border-slate-300 text-brand-600" />
        <label htmlFor={meta.id} className="text-sm text-slate-700">
          {label}
        </label>
      </div>
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  )
}

export { FormProvider }
