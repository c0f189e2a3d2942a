// Where people take part (issue 43): in a place, online or both, and the link to take part online (a video call or
// a stream), shown to participants, or to everyone when the organizer ticks it on a public event. Plain radios, a
// URL input and a checkbox: the same without JavaScript.
import type { FieldMetadata } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { ATTENDANCE_MODES } from '#contract'
import { Errors, inputClass, labelClass, Section } from './form-kit'

type OnlineFieldsProps = {
  fields: {
    attendanceMode: FieldMetadata<string | undefined>
    onlineUrl: FieldMetadata<string | undefined>
    onlineUrlPublic: FieldMetadata<string | undefined>
  }
}

export function OnlineFields({ fields }: OnlineFieldsProps) {
  const { t } = useTranslation('eventForm')
  const { t: te } = useTranslation('events')
  const mode = fields.attendanceMode.initialValue || 'IN_PERSON'
  return (
    <Section legend={t('attendance')}>
      <div role="radiogroup" aria-describedby={fields.attendanceMode.errorId} className="flex flex-wrap gap-x-4 gap-y-1">
        {ATTENDANCE_MODES.map((value) => (
          <label key={value} className="flex items-center gap-1.5 text-sm">
            <input type="radio" name={fields.attendanceMode.name} value={value} defaultChecked={mode === value} />
            {te(`attendance.${value}`)}
          </label>
        ))}
      </div>
      <Errors meta={fields.attendanceMode} />
      <div className="space-y-1">
        <label htmlFor={fields.onlineUrl.id} className={labelClass}>
          {t('onlineUrl')}
        </label>
        <input
          id={fields.onlineUrl.id}
          name={fields.onlineUrl.name}
          type="url"
          inputMode="url"
          autoComplete="off"
          defaultValue={fields.onlineUrl.initialValue ?? ''}
          placeholder="https://meet.example.org/…"
          className={inputClass}
          aria-invalid={fields.onlineUrl.errors ? true : undefined}
          aria-describedby={`${fields.onlineUrl.descriptionId} ${fields.onlineUrl.errorId}`}
        />
        <p id={fields.onlineUrl.descriptionId} className="text-xs text-slate-500">
          {t('onlineUrlHint')}
        </p>
        <Errors meta={fields.onlineUrl} />
      </div>
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" name={fields.onlineUrlPublic.name} defaultChecked={!!fields.onlineUrlPublic.initialValue} className="mt-0.5" />
        {t('onlineUrlPublic')}
      </label>
    </Section>
  )
}
