// Accessibility of a place or an event (issue 43): the features as checkboxes, each an icon with its words, and the
// organizer's words for the rest. Plain inputs: the same without JavaScript.
import type { FieldMetadata } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { ACCESSIBILITY_FEATURES } from '#contract'
import { AccessibilityIcon } from '~/components/ui/accessibility-icons'
import { Errors, inputClass, labelClass, Section } from './form-kit'

type AccessibilityFieldsProps = {
  fields: {
    accessibility: FieldMetadata<string | string[] | undefined>
    accessibilityNote: FieldMetadata<string | undefined>
  }
}

export function AccessibilityFields({ fields }: AccessibilityFieldsProps) {
  const { t } = useTranslation('eventForm')
  const { t: te } = useTranslation('events')
  const chosen = new Set([fields.accessibility.initialValue ?? []].flat())
  return (
    <Section legend={t('accessibility')}>
      <div className="grid gap-x-4 gap-y-1 sm:grid-cols-2">
        {ACCESSIBILITY_FEATURES.map((feature) => (
          <label key={feature} className="flex items-center gap-1.5 text-sm">
            <input type="checkbox" name={fields.accessibility.name} value={feature} defaultChecked={chosen.has(feature)} />
            <AccessibilityIcon feature={feature} className="h-4 w-4 shrink-0 text-slate-600" />
            {te(`accessibility.${feature}`)}
          </label>
        ))}
      </div>
      <Errors meta={fields.accessibility} />
      <div className="space-y-1">
        <label htmlFor={fields.accessibilityNote.id} className={labelClass}>
          {t('accessibilityNote')}
        </label>
        <textarea
          id={fields.accessibilityNote.id}
          name={fields.accessibilityNote.name}
          rows={2}
          maxLength={500}
          defaultValue={fields.accessibilityNote.initialValue ?? ''}
          className={inputClass}
          aria-invalid={fields.accessibilityNote.errors ? true : undefined}
          aria-describedby={fields.accessibilityNote.errorId}
        />
        <Errors meta={fields.accessibilityNote} />
      </div>
    </Section>
  )
}
