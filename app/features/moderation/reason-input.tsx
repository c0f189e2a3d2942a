// A console row's reason: one plain input, its label for screen readers only (the placeholder says it), its
// errors under it — the fediverse tab's and the groups tab's decisions.
import { type FieldMetadata, useField } from '@conform-to/react'
import { ErrorList, inputClass } from '~/components/forms/field'

export function ReasonInput({ meta: owner, label }: { meta: FieldMetadata<string | undefined>; label: string }) {
  // Its own subscription to the field (inside the form's FormProvider), so its errors show as they come.
  const [meta] = useField<string | undefined>(owner.name, { formId: owner.formId })
  return (
    <div>
      <label htmlFor={meta.id} className="sr-only">
        {label}
      </label>
      <input
        id={meta.id}
        name={meta.name}
        defaultValue={meta.initialValue ?? ''}
        key={meta.key}
        aria-invalid={meta.errors ? true : undefined}
        aria-describedby={meta.errors ? meta.errorId : undefined}
        placeholder={label}
        maxLength={500}
        className={inputClass}
      />
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  )
}
