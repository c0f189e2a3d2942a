// "Post as" (issue 45): a new event is its author's own or one of their groups' (those they may post in). Shown only
// to people with such a group; the API checks the right again and keeps the choice after.
import type { FieldMetadata } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { Errors, inputClass, labelClass } from './form-kit'

export function PostAsField({ meta, groups, initial }: { meta: FieldMetadata<unknown>; groups: { handle: string; name: string }[]; initial: string }) {
  const { t } = useTranslation('eventForm')
  return (
    <div className="space-y-1">
      <label htmlFor={meta.id} className={labelClass}>
        {t('postAs')}
      </label>
      <select id={meta.id} name={meta.name} defaultValue={initial} className={inputClass} aria-describedby={`${meta.descriptionId} ${meta.errorId}`} aria-invalid={meta.errors ? true : undefined}>
        <option value="">{t('postAsMe')}</option>
        {groups.map((group) => (
          <option key={group.handle} value={group.handle}>
            {group.name} (@{group.handle})
          </option>
        ))}
      </select>
      <p id={meta.descriptionId} className="text-xs text-slate-500">
        {t('postAsHint')}
      </p>
      <Errors meta={meta} />
    </div>
  )
}
