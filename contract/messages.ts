// Every message the API or a form validation can show, in both languages.
// Schemas carry message *codes*; the API translates them for the caller's Accept-Language and the web
// translates them (i18next, app/i18n.ts), so one schema serves both sides and both languages.
// Two halves (decision 044): what a browser may show itself (messages-*.ts, the web's `validation` namespace)
// and what only the API says, always translated before it leaves the server (api-messages-*.ts).
import type { Language } from './constants'

import apiEn from './api-messages-en'
import apiRu from './api-messages-ru'
import en from './messages-en'
import ru from './messages-ru'

/** A code whose text a browser has (forms' schemas, the web's own outcomes). */
export type WebMessageCode = keyof typeof en
/** A code only the API turns into text. */
export type ApiMessageCode = keyof typeof apiEn
export type MessageCode = WebMessageCode | ApiMessageCode

/** Every text, for the API and the web's server. */
export const messages: Record<Language, Record<MessageCode, string>> = { en: { ...en, ...apiEn }, ru: { ...ru, ...apiRu } }

/** The texts of the web's `validation` namespace: the same on the server and in the browser. */
export const webMessages: Record<Language, Record<WebMessageCode, string>> = { en, ru }

export function isMessageCode(value: string): value is MessageCode {
  return Object.prototype.hasOwnProperty.call(messages.en, value)
}

/** Whether a code's text is in the half the browser loads (the web may show it by its code). */
export function isWebMessageCode(value: string | undefined): value is WebMessageCode {
  return value !== undefined && Object.prototype.hasOwnProperty.call(webMessages.en, value)
}

/** Translates a message code; a text that is not a code is returned as it is. */
export function translateMessage(value: string, language: Language): string {
  return isMessageCode(value) ? messages[language][value] : value
}
