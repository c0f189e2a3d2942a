// Date texts that the web and the API (reminder mails and push messages) print alike, and the zone they are in.
import { DATE_LOCALES, languageOr } from './language'

/** A day as the site writes it (SPEC §9): 2026-11-24 → 24-11-2026. */
export const displayDate = (iso: string) => iso.split('-').reverse().join('-')

/** The zone event times are shown, entered and mailed in when TIME_ZONE is not set (decision 005). */
export const DEFAULT_TIME_ZONE = 'Europe/Belgrade'

/** Whether this is an IANA zone Intl knows: the check of TIME_ZONE in the web's and the API's settings. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone })
    return true
  } catch {
    return false
  }
}
const formats = new Map<string, Intl.DateTimeFormat>()

/** "05 Dec 2026, 19:00" / "05 дек. 2026 г., 19:00" in the given zone (docs/decisions/005-time-zone.md). */
export function formatDateTime(iso: string | null | undefined, language: string, timeZone: string): string {
  if (!iso) return ''
  const key = `${language}|${timeZone}`
  let format = formats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(DATE_LOCALES[languageOr(language)], {
      day: '2-digit',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone,
    })
    formats.set(key, format)
  }
  return format.format(new Date(iso))
}
