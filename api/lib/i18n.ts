import { DEFAULT_LANGUAGE, preferredLanguage, type Language } from '#contract'

/** The reader's language from an Accept-Language header (contract/language.ts); en when nothing matches. */
export function pickLanguage(header: string | string[] | undefined | null): Language {
  return preferredLanguage(header) ?? DEFAULT_LANGUAGE
}
