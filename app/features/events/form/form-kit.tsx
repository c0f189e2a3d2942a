// What the event form's sections share: the field styles, a field's error list and a titled group of fields.
import type { FieldMetadata } from '@conform-to/react'
import type { ReactNode } from 'react'
import { ErrorList } from '~/components/forms/field'

export const inputClass =
  'block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/40 aria-[invalid=true]:border-red-600'
export const labelClass = 'block text-sm font-medium text-slate-700'

export function Errors({ meta }: { meta: FieldMetadata<unknown> }) {
  return <ErrorList id={meta.errorId} errors={meta.errors} />
}

export function Section({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-2 rounded-lg border border-slate-200 p-3">
      <legend className="px-1 text-sm font-semibold text-slate-800">{legend}</legend>
      {children}
    </fieldset>
  )
}
