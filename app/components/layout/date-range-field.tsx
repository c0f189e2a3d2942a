// The header's dates (SPEC §2: one DD-MM-YYYY range picker, past days disabled). The server renders two
// native date inputs, which is what a browser without JavaScript keeps (the list also accepts DD-MM-YYYY
// typed by hand). Once hydrated they become one button showing the range as DD-MM-YYYY, which opens a
// calendar (react-day-picker, a chunk loaded on first use: date-calendar.tsx); the chosen days travel
// in hidden fields with the same names, so the form and the list see no difference.
import { lazy, Suspense, useRef, useState } from 'react'
import { displayDate } from '#contract'
import { CalendarIcon } from '~/components/ui/icons'
import { useHydrated } from '~/components/ui/use-hydrated'
import { useTranslation } from 'react-i18next'

import type { IsoRange } from './date-calendar'
const loadCalendar = () => import('./date-calendar')
const DateRangeCalendar = lazy(loadCalendar)


type DateFieldsProps = {
  idPrefix: string
  /** YYYY-MM-DD in the site's time zone (the server's day, so past days are the same for everyone). */
  today: string
  startDate: string
  endDate: string
  inputClass: string
}

export function DateRangeField({ idPrefix, today, startDate, endDate, inputClass }: DateFieldsProps) {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const [range, setRange] = useState<IsoRange>({ from: startDate, to: endDate })
  const [open, setOpen] = useState(false)
  const button = useRef<HTMLButtonElement>(null)

  if (!hydrated) return <NativeDateInputs {...{ idPrefix, today, startDate, endDate, inputClass }} />

  const label = range.from
    ? `${displayDate(range.from)} – ${range.to && range.to !== range.from ? displayDate(range.to) : displayDate(range.from)}`
    : null
  return (
    <div className="relative col-span-2 row-start-2 min-w-0 sm:flex-none">
      <input type="hidden" name="startDate" value={range.from} />
      <input type="hidden" name="endDate" value={range.to} />
      <button
        ref={button}
        type="button"
        id={`${idPrefix}-dates`}
        aria-haspopup="dialog"
        aria-expanded={open}
        // The name says what the button is for and what is chosen (label in name: it starts with the text).
        aria-label={`${label ?? t('search.anyDates')} — ${t('search.dates')}`}
        onClick={() => setOpen((isOpen) => !isOpen)}
        // Fetch the calendar as soon as it is likely to be wanted.
        onPointerEnter={() => void loadCalendar()}
        onFocus={() => void loadCalendar()}
        // The width of the two inputs it replaces: the header does not move when the page hydrates.
        className={`${inputClass} flex items-center gap-2 text-left sm:w-[20.25rem]`}
      >
        <CalendarIcon className="h-4 w-4 shrink-0 text-slate-400" />
        <span className={`truncate ${label ? '' : 'text-slate-500'}`}>{label ?? t('search.anyDates')}</span>
      </button>
      {open ? (
        <Suspense fallback={null}>
          <DateRangeCalendar
            mode="range"
            today={today}
            range={range}
            onChange={setRange}
            onClose={() => setOpen(false)}
            opener={button}
          />
        </Suspense>
      ) : null}
    </div>
  )
}

/** Without JavaScript (and until hydration): the browser's own date inputs, past days disabled by `min`. */
function NativeDateInputs({ idPrefix, today, startDate, endDate, inputClass }: DateFieldsProps) {
  const { t } = useTranslation()
  return (
    <fieldset className="col-span-2 row-start-2 flex min-w-0 items-center gap-1.5 sm:flex-none">
      <legend className="sr-only">{t('search.dates')}</legend>
      <label htmlFor={`${idPrefix}-start-date`} className="sr-only">
        {t('search.from')}
      </label>
      <input
        id={`${idPrefix}-start-date`}
        name="startDate"
        type="date"
        min={today}
        defaultValue={startDate}
        title={t('search.from')}
        className={`${inputClass} sm:w-[9.5rem]`}
      />
      <span aria-hidden="true" className="text-slate-400">
        –
      </span>
      <label htmlFor={`${idPrefix}-end-date`} className="sr-only">
        {t('search.to')}
      </label>
      <input
        id={`${idPrefix}-end-date`}
        name="endDate"
        type="date"
        min={today}
        defaultValue={endDate}
        title={t('search.to')}
        className={`${inputClass} sm:w-[9.5rem]`}
      />
    </fieldset>
  )
}
