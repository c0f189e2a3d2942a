// The categories as checkboxes of one conform field (a calendar source's, a collection's): the ones saved, or typed
// before an error, ticked.
import type { FieldMetadata } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { CATEGORIES } from '#contract'
import { ErrorList } from './field'

export function CategoriesFieldset({ meta, legend, hint }: { meta: FieldMetadata<unknown>; legend: string; hint?: string }) {
  const { t } = useTranslation('events')
  const chosen = new Set([meta.initialValue ?? []].flat())
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-700">{legend}</legend>
      {hint ? <p className="mb-1 text-xs text-slate-500">{hint}</p> : null}
      <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
        {CATEGORIES.map((category) => (
          <label key={category} className="flex items-center gap-1 text-sm text-slate-700">
            <input type="checkbox" name={meta.name} value={category} defaultChecked={chosen.has(category)} className="h-4 w-4 rounded border-slate-300" />
            {t(`categories.${category}`)}
          </label>
        ))}
      </div>
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </fieldset>
  )
}
