// Price and date texts and conversions shared by cards, the map popup, the event page, the form and the
// header search. Times are shown and entered in one zone, ENV.TIME_ZONE (docs/decisions/005-time-zone.md).
import type { TFunction } from 'i18next'
import { type Event, zonedParts, zonedToIso } from '#contract'

/** "05 Dec 2026, 19:00" in a zone, and the zone's wall clock: one piece for the web and the API (contract/format.ts). */
export { formatDateTime, formatDaySpan, todayInZone, zonedToIso } from '#contract'

/** SPEC §4 "Price display on the map": 'Donation', or optional from/up to + amount + currency. Null: no price. */
export function formatPrice(price: Event['price'], t: TFunction): string | null {
  if (!price) return null
  if (price.donation) return t('price.donation')
  if (!price.amount) return t('price.free')
  const range = price.range ? `${t(`price.${price.range}`)} ` : ''
  return `${range}${price.amount} ${price.currency ?? ''}`.trim()
}

const pad = (n: number) => String(n).padStart(2, '0')

/** `<input type="datetime-local">` value (YYYY-MM-DDTHH:mm) in a zone → ISO instant; null when invalid. */
export function localInputToIso(value: string | null | undefined, timeZone: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value?.trim() ?? '')
  if (!match) return null
  const [, y, mo, d, h, mi, s] = match.map(Number)
  if (h! > 23 || mi! > 59) return null
  return zonedToIso({ year: y!, month: mo!, day: d!, hour: h, minute: mi, second: s || 0 }, timeZone)
}

/** ISO instant → `<input type="datetime-local">` value in a zone. */
export function isoToLocalInput(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return ''
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return ''
  const p = zonedParts(date, timeZone)
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`
}

/**
 * A day typed as DD-MM-YYYY (SPEC §9 header filter) or picked as YYYY-MM-DD → the instant its day starts
 * or ends in the zone (SPEC §7: "Dates are ISO strings from start of day to end of day"). Null if invalid.
 */
export function dayBoundaryIso(value: string | null | undefined, edge: 'start' | 'end', timeZone: string): string | null {
  const text = value?.trim() ?? ''
  const dmy = /^(\d{2})-(\d{2})-(\d{4})$/.exec(text)
  const ymd = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text)
  const [year, month, day] = dmy
    ? [Number(dmy[3]), Number(dmy[2]), Number(dmy[1])]
    : ymd
      ? [Number(ymd[1]), Number(ymd[2]), Number(ymd[3])]
      : [NaN, NaN, NaN]
  if (!Number.isFinite(year)) return null
  return edge === 'start'
    ? zonedToIso({ year, month, day }, timeZone)
    : zonedToIso({ year, month, day, hour: 23, minute: 59, second: 59, ms: 999 }, timeZone)
}

/** YYYY-MM-DD ↔ DD-MM-YYYY (the header filter's display format). */
export function isoDayToDmy(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  return m ? `${m[3]}-${m[2]}-${m[1]}` : value
}
