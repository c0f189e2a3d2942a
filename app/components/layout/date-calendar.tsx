// The site's calendar (loaded as a chunk on first use): the header's range (date-range-field.tsx) and the event
// form's days (components/forms/date-time-field.tsx). react-day-picker in the page's language, weeks from
// Monday, past days disabled, month and year menus for far dates. Keyboard: arrows move by day and week, Page
// Up/Down by month, Enter picks, Escape closes; focus stays in the panel while it is open and goes back to the
// button that opened it after.
import { useEffect, useRef, type RefObject } from 'react'
import { DayPicker, type DateRange } from 'react-day-picker'
import { enGB } from 'react-day-picker/locale/en-GB'
import { ru } from 'react-day-picker/locale/ru'
import { useFocusTrap } from '~/components/ui/focus'
import { useTranslation } from 'react-i18next'
import { languageOr, type Language } from '#contract'

/** A range of days as the fields hold it (YYYY-MM-DD, either may be empty). */
export type IsoRange = { from: string; to: string }

/** react-day-picker's month and weekday names for each language. */
const CALENDAR_LOCALES: Record<Language, typeof enGB> = { en: enGB, ru }

/** YYYY-MM-DD ↔ a local Date at midnight (the calendar works in local days, the form in ISO days). */
const toDate = (iso: string) => {
  const [year, month, day] = iso.split('-').map(Number)
  return year && month && day ? new Date(year, month - 1, day) : undefined
}
const toIso = (date: Date | undefined) =>
  date ? `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}` : ''

/** How far ahead the year menu goes. */
const YEARS_AHEAD = 5

const day = 'h-9 w-9 text-sm'

type Choice =
  /** A range of days (the header): Clear and Done below the month. */
  | { mode: 'range'; range: IsoRange; onChange: (range: IsoRange) => void }
  /** One day (YYYY-MM-DD or ''): picking it closes the calendar. */
  | { mode: 'single'; date: string; onSelect: (date: string) => void }

export default function DateCalendar({
  today,
  onClose,
  opener,
  label,
  ...choice
}: Choice & {
  today: string
  onClose: () => void
  opener: RefObject<HTMLButtonElement>
  /** The dialog's name (default: the header's "Choose dates"). */
  label?: string
}) {
  const { t, i18n } = useTranslation()
  const panel = useRef<HTMLDivElement>(null)
  useFocusTrap(panel)
  const first = toDate(today) ?? new Date()
  const selected: DateRange | undefined =
    choice.mode === 'range'
      ? choice.range.from
        ? { from: toDate(choice.range.from), to: toDate(choice.range.to || choice.range.from) }
        : undefined
      : choice.date
        ? { from: toDate(choice.date), to: toDate(choice.date) }
        : undefined

  useEffect(() => {
    // Into the calendar: the chosen start or today (the day that takes Tab in the grid).
    panel.current?.querySelector<HTMLButtonElement>('td button[tabindex="0"]')?.focus()
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') onClose()
    }
    function onPointerDown(event: PointerEvent) {
      const target = event.target as Node
      if (!panel.current?.contains(target) && !opener.current?.contains(target)) onClose()
    }
    document.addEventListener('keydown', onKeyDown)
    document.addEventListener('pointerdown', onPointerDown)
    return () => {
      document.removeEventListener('keydown', onKeyDown)
      document.removeEventListener('pointerdown', onPointerDown)
    }
  }, [onClose, opener])

  return (
    <div
      ref={panel}
      role="dialog"
      aria-label={label ?? t('search.chooseDates')}
      tabIndex={-1}
      className="absolute left-0 top-full z-40 mt-1 rounded-xl border border-slate-200 bg-white p-3 shadow-lg focus:outline-none sm:left-auto sm:right-0"
    >
      <DayPicker
        mode="range"
        locale={CALENDAR_LOCALES[languageOr(i18n.language)]}
        weekStartsOn={1}
        selected={selected}
        onSelect={(next, picked) => {
          if (choice.mode === 'range') return choice.onChange({ from: toIso(next?.from), to: toIso(next?.to) })
          // One day: the day pressed, whatever range react-day-picker would make of it.
          choice.onSelect(toIso(picked))
          onClose()
        }}
        disabled={{ before: first }}
        startMonth={first}
        endMonth={new Date(first.getFullYear() + YEARS_AHEAD, 11)}
        defaultMonth={selected?.from ?? first}
        captionLayout="dropdown"
        showOutsideDays
        classNames={{
          root: 'text-slate-900',
          months: 'relative',
          month_caption: 'mb-2 flex h-9 items-center pr-20',
          dropdowns: 'flex items-center gap-1.5',
          dropdown_root: 'relative',
          dropdown: 'rounded-md border border-slate-300 bg-white px-1.5 py-1 text-sm',
          caption_label: 'sr-only',
          nav: 'absolute right-0 top-0 flex h-9 items-center gap-1',
          button_previous: 'inline-flex h-8 w-8 items-center justify-center rounded-md hover:bg-slate-100 disabled:opacity-30',
          button_next: 'inline-flex h-8 w-8 items-center justify-center rounded-md hover:bg-slate-100 disabled:opacity-30',
          chevron: 'h-4 w-4 fill-slate-600',
          month_grid: 'border-collapse',
          weekday: `${day} font-medium text-slate-500`,
          day: `${day} p-0 text-center`,
          day_button:
            'h-9 w-9 rounded-md focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-600 enabled:hover:bg-slate-100',
          today: 'font-semibold text-brand-700',
          outside: 'text-slate-400',
          disabled: 'text-slate-300 line-through',
          range_start: 'rounded-l-md bg-brand-600 !text-white [&>button]:hover:bg-brand-700',
          range_end: 'rounded-r-md bg-brand-600 !text-white [&>button]:hover:bg-brand-700',
          range_middle: 'rounded-none bg-brand-50 !text-brand-900',
          selected: 'bg-brand-100',
        }}
      />
      <div className="mt-2 flex justify-end gap-2 border-t border-slate-100 pt-2">
        {choice.mode === 'range' ? (
          <button
            type="button"
            onClick={() => choice.onChange({ from: '', to: '' })}
            className="rounded-md px-3 py-1.5 text-sm text-slate-700 hover:bg-slate-100"
          >
            {t('search.clearDates')}
          </button>
        ) : null}
        <button
          type="button"
          onClick={onClose}
          className="rounded-md bg-brand-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-700"
        >
          {t('search.done')}
        </button>
      </div>
    </div>
  )
}
