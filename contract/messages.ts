// Every message the API or a form validation can show, in both languages.
// Schemas carry message *codes*; the API translates them for the caller's Accept-Language and the web
// translates them (i18next, app/i18n.ts), so one schema serves both sides and both languages.
import type { Language } from './constants'

import en from './messages-en'
import ru from './messages-ru'

export type MessageCode = keyof typeof en

export const messages: Record<Language, Record<MessageCode, string>> = { en, ru }

export function isMessageCode(value: string): value is MessageCode {
  return Object.prototype.hasOwnProperty.call(en, value)
}

/** Translates a message code; a text that is not a code is returned as it is. */
export function translateMessage(value: string, language: Language): string {
  return isMessageCode(value) ? messages[language][value] : value
}
