// "Repeats" of a new event (issue 27, decision 041): plain fields that work without JavaScript (all shown);
// with it, only the parts of the chosen frequency. The API expands the rule; this only collects it.
import type { FieldMetadata } from '@conform-to/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { MONTHLY_MODES, REPEAT_FREQUENCIES, RRULE_WEEKDAYS, SERIES_LIMITS } from '#contract'
import { ErrorList } from '~/components/forms/field'
import { useHydrated } from '~/components/ui/use-hydrated'
import { inputClass, labelClass } from './form-kit'

type Meta = FieldMetadata<unknown>
const text = (value: unknown) => (typeof value === 'string' ? value : '')
const list = (value: unknown) => (Array.isArray(value) ? value.map(String) : typeof value === 'string' ? [value] : [])

export function RepeatFields({
  fields,
}: {
  fields: Record<'repeatFreq' | 'repeatInterval' | 'repeatWeekdays' | 'repeatMonthly' | 'repeatUntil' | 'repeatCount' | 'repeatSkip', Meta>
}) {
  const { t } = useTranslation('eventForm')
  const hydrated = useHydrated()
  const [freq, setFreq] = useState(text(fields.repeatFreq.initialValue))
  const show = (part: 'any' | 'WEEKLY' | 'MONTHLY') => !hydrated || (part === 'any' ? freq !== '' : freq === part)
  const field = (meta: Meta) => ({
    id: meta.id,
    name: meta.name,
    'aria-invalid': meta.errors ? true : undefined,
    'aria-describedby': meta.errorId,
  })
  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-200 p-3" data-testid="repeat-fields">
      <legend className="px-1 text-sm font-semibold text-slate-800">{t('repeat.legend')}</legend>
      <div className="space-y-1">
        <label htmlFor={fields.repeatFreq.id} className={labelClass}>
          {t('repeat.freq')}
        </label>
        <select {...field(fields.repeatFreq)} defaultValue={freq} onChange={(e) => setFreq(e.currentTarget.value)} className={inputClass}>
          <option value="">{t('repeat.none')}</option>
          {REPEAT_FREQUENCIES.map((f) => (
            <option key={f} value={f}>
              {t(`repeat.${f}`)}
            </option>
          ))}
        </select>
        <ErrorList id={fields.repeatFreq.errorId} errors={fields.repeatFreq.errors} />
      </div>
      {show('any') ? <p className="text-xs text-slate-500">{t('repeat.hint')}</p> : null}
      {show('any') ? (
        <div className="space-y-1">
          <label htmlFor={fields.repeatInterval.id} className={labelClass}>
            {t('repeat.interval')}
          </label>
          <input {...field(fields.repeatInterval)} type="number" min={1} max={SERIES_LIMITS.maxInterval} defaultValue={text(fields.repeatInterval.initialValue) || '1'} className={`${inputClass} max-w-[8rem]`} />
          <ErrorList id={fields.repeatInterval.errorId} errors={fields.repeatInterval.errors} />
        </div>
      ) : null}
      {show('WEEKLY') ? (
        <fieldset aria-describedby={fields.repeatWeekdays.errorId}>
          <legend className={labelClass}>{t('repeat.weekdays')}</legend>
          <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
            {RRULE_WEEKDAYS.map((day) => (
              <label key={day} className="flex items-center gap-1 text-sm">
                <input type="checkbox" name={fields.repeatWeekdays.name} value={day} defaultChecked={list(fields.repeatWeekdays.initialValue).includes(day)} />
                {t(`repeat.days.${day}`)}
              </label>
            ))}
          </div>
          <ErrorList id={fields.repeatWeekdays.errorId} errors={fields.repeatWeekdays.errors} />
        </fieldset>
      ) : null}
      {show('MONTHLY') ? (
        <fieldset>
          <legend className={labelClass}>{t('repeat.monthly')}</legend>
          {MONTHLY_MODES.map((mode) => (
            <label key={mode} className="mt-1 flex items-center gap-2 text-sm">
              <input type="radio" name={fields.repeatMonthly.name} value={mode} defaultChecked={(text(fields.repeatMonthly.initialValue) || 'DAY') === mode} />
              {t(`repeat.${mode}`)}
            </label>
          ))}
        </fieldset>
      ) : null}
      {show('any') ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="space-y-1">
            <label htmlFor={fields.repeatUntil.id} className={labelClass}>
              {t('repeat.until')}
            </label>
            <input {...field(fields.repeatUntil)} type="date" defaultValue={text(fields.repeatUntil.initialValue)} className={inputClass} />
            <ErrorList id={fields.repeatUntil.errorId} errors={fields.repeatUntil.errors} />
          </div>
          <div className="space-y-1">
            <label htmlFor={fields.repeatCount.id} className={labelClass}>
              {t('repeat.count')}
            </label>
            <input {...field(fields.repeatCount)} type="number" min={2} max={SERIES_LIMITS.maxCount} defaultValue={text(fields.repeatCount.initialValue)} className={inputClass} />
            <ErrorList id={fields.repeatCount.errorId} errors={fields.repeatCount.errors} />
          </div>
        </div>
      ) : null}
      {show('any') ? (
        <div className="space-y-1">
          <label htmlFor={fields.repeatSkip.id} className={labelClass}>
            {t('repeat.skip')}
          </label>
          <input {...field(fields.repeatSkip)} type="text" defaultValue={text(fields.repeatSkip.initialValue)} placeholder={t('repeat.skipHint')} className={inputClass} />
          <p className="text-xs text-slate-500">{t('repeat.skipHint')}</p>
          <ErrorList id={fields.repeatSkip.errorId} errors={fields.repeatSkip.errors} />
        </div>
      ) : null}
    </fieldset>
  )
}

/** Editing a date of a series: this date only, or this and the following ones (a plain radio pair). */
export function ScopeFields({ name, initial }: { name: string; initial: unknown }) {
  const { t } = useTranslation('eventForm')
  return (
    <fieldset className="space-y-1 rounded-lg border border-amber-200 bg-amber-50 p-3" data-testid="edit-scope">
      <legend className="px-1 text-sm font-semibold text-slate-800">{t('scope.legend')}</legend>
      {(['this', 'following'] as const).map((scope) => (
        <label key={scope} className="flex items-center gap-2 text-sm">
          {/* What was chosen stays chosen when the form comes back with an error. */}
          <input type="radio" name={name} value={scope} defaultChecked={scope === (initial === 'following' ? 'following' : 'this')} />
          {t(`scope.${scope}`)}
        </label>
      ))}
    </fieldset>
  )
}
