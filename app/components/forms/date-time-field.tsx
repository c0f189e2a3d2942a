// A date and time in the site's format (issue 28; SPEC §9: DD-MM-YYYY, 24-hour). The server renders the
// browser's own datetime-local input, which is what a browser without JavaScript keeps. Once hydrated it
// becomes a DD-MM-YYYY day (typed, or picked in the site's calendar: date-calendar.tsx, past days disabled) and
// a 24-hour time; the value travels in a hidden field with the same name and the same YYYY-MM-DDTHH:MM form, so
// the form's check and the action see no difference. Something that is not a date or a time travels as typed,
// and the check says so.
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import type { FieldMetadata } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { displayDate } from '#contract'
import { ErrorList, inputClass } from '~/components/forms/field'
import { CalendarIcon } from '~/components/ui/icons'
import { useHydrated } from '~/components/ui/use-hydrated'

const loadCalendar = () => import('~/components/layout/date-calendar')
const DateCalendar = lazy(loadCalendar)

/** "3-12-2026", "03.12.2026" → 2026-12-03; null for anything else, impossible days included. */
export function parseDisplayDate(text: string): string | null {
  const match = /^(\d{1,2})[-./](\d{1,2})[-./](\d{4})$/.exec(text.trim())
  if (!match) return null
  const [, day, month, year] = match.map(Number) as [number, number, number, number]
  const date = new Date(Date.UTC(year, month - 1, day))
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}

/** "9:05", "19.30", "1930" → 09:05, 19:30, 19:30; null for anything else. */
export function parseTime(text: string): string | null {
  const match = /^([01]?\d|2[0-3])[:.]?([0-5]\d)$/.exec(text.trim())
  return match ? `${match[1]!.padStart(2, '0')}:${match[2]}` : null
}

/** A YYYY-MM-DDTHH:MM value as the site's two fields show it: DD-MM-YYYY (when it has a day) and HH:MM. */
function displayParts(value: string): { date: string; time: string } {
  return { date: /^\d{4}-\d{2}-\d{2}/.test(value) ? displayDate(value.slice(0, 10)) : '', time: value.slice(11, 16) }
}

/**
 * A whole date and time typed (or pasted) into the day box, as the field's own value reads it:
 * "2026-11-30T18:30" or "2026-11-30 18:30" → 2026-11-30T18:30; null for anything else.
 */
export function parseTypedDateTime(text: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{1,2}[:.]?\d{2})$/.exec(text.trim())
  if (!match) return null
  const day = parseDisplayDate(`${match[3]}-${match[2]}-${match[1]}`)
  const clock = parseTime(match[4]!)
  return day && clock ? `${day}T${clock}` : null
}

/**
 * The field's value: YYYY-MM-DDTHH:MM, '' when both parts are empty, else what was typed (the check refuses it).
 * A whole date and time typed into the day box is taken as it is, whatever the time box holds: the same typing
 * gives the same value in every form, whether its time box starts empty (a new event) or filled (the Move drawer).
 */
export function dateTimeValue(date: string, time: string): string {
  const whole = parseTypedDateTime(date)
  if (whole) return whole
  if (!date.trim() && !time.trim()) return ''
  const day = parseDisplayDate(date)
  const clock = parseTime(time)
  return day && clock ? `${day}T${clock}` : `${date.trim()} ${time.trim()}`.trim()
}

export function DateTimeField({
  id,
  name,
  defaultValue,
  today,
  timeLabel,
  invalid,
  describedBy,
  inputClass,
}: {
  id: string
  name: string
  /** YYYY-MM-DDTHH:MM in the site's time zone, or ''. */
  defaultValue: string
  /** YYYY-MM-DD: the first day that may be picked. */
  today: string
  /** The time input's name for screen readers ("Start time (24-hour)"). */
  timeLabel: string
  invalid?: boolean
  describedBy?: string
  inputClass: string
}) {
  const { t } = useTranslation('eventForm')
  const hydrated = useHydrated()
  const [date, setDate] = useState(() => displayParts(defaultValue).date)
  const [time, setTime] = useState(() => displayParts(defaultValue).time)
  const [open, setOpen] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  // What was typed into the browser's own input before the scripts ran (a slow phone) carries over to the
  // site's fields: the element is kept after it leaves the page, and its value read once they replace it.
  const nativeInput = useRef<HTMLInputElement | null>(null)
  useEffect(() => {
    if (!hydrated) return
    const typed = nativeInput.current?.value
    nativeInput.current = null
    if (!typed || typed === defaultValue) return
    const parts = displayParts(typed)
    setDate(parts.date)
    setTime(parts.time)
  }, [hydrated, defaultValue])

  if (!hydrated)
    return (
      <input
        ref={(element) => {
          if (element) nativeInput.current = element
        }}
        id={id}
        name={name}
        type="datetime-local"
        min={`${today}T00:00`}
        defaultValue={defaultValue}
        className={inputClass}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
      />
    )

  return (
    <div className="relative flex items-center gap-2">
      <input type="hidden" name={name} value={dateTimeValue(date, time)} />
      <input
        id={id}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder={t('datePlaceholder')}
        value={date}
        onChange={(event) => setDate(event.currentTarget.value)}
        onBlur={() => {
          // A whole date and time goes to the two boxes, each in the site's format.
          const whole = parseTypedDateTime(date)
          if (whole) {
            setDate(displayDate(whole.slice(0, 10)))
            setTime(whole.slice(11, 16))
            return
          }
          const day = parseDisplayDate(date)
          if (day) setDate(displayDate(day))
        }}
        className={`${inputClass} min-w-0 flex-1`}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
      />
      <button
        ref={button}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={t('openCalendar')}
        onClick={() => setOpen((isOpen) => !isOpen)}
        onPointerEnter={() => void loadCalendar()}
        onFocus={() => void loadCalendar()}
        className="inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-md border border-slate-300 bg-white hover:bg-slate-50"
      >
        <CalendarIcon className="h-4 w-4 text-slate-500" />
      </button>
      <input
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder={t('timePlaceholder')}
        maxLength={5}
        value={time}
        onChange={(event) => setTime(event.currentTarget.value)}
        onBlur={() => {
          const clock = parseTime(time)
          if (clock) setTime(clock)
        }}
        aria-label={timeLabel}
        aria-invalid={invalid || undefined}
        className={`${inputClass} w-20 shrink-0`}
      />
      {open ? (
        <Suspense fallback={null}>
          <DateCalendar
            mode="single"
            today={today}
            date={parseDisplayDate(date) ?? ''}
            onSelect={(day) => day && setDate(displayDate(day))}
            onClose={() => setOpen(false)}
            opener={button}
            label={t('chooseDay')}
          />
        </Suspense>
      ) : null}
    </div>
  )
}

/** A conform field as a labelled date-time field with its errors; `zoneId` names the note of the time zone. */
export function LabelledDateTimeField({
  meta,
  label,
  timeLabel,
  today,
  zoneId,
}: {
  meta: FieldMetadata<string | undefined>
  label: string
  timeLabel: string
  today: string
  zoneId: string
}) {
  return (
    <div className="space-y-1">
      <label htmlFor={meta.id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <DateTimeField
        id={meta.id}
        name={meta.name}
        defaultValue={typeof meta.initialValue === 'string' ? meta.initialValue : ''}
        today={today}
        timeLabel={timeLabel}
        invalid={Boolean(meta.errors)}
        describedBy={`${meta.errorId} ${zoneId}`}
        inputClass={inputClass}
      />
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  )
}
