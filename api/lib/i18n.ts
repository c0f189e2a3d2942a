import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '#contract'

/** Picks en or ru from an Accept-Language header by quality value; en when nothing matches. */
export function pickLanguage(header: string | string[] | undefined | null): Language {
  const value = Array.isArray(header) ? header.join(',') : header
  if (!value || typeof value !== 'string') return DEFAULT_LANGUAGE
  let best: { lang: Language; q: number; index: number } | null = null
  value
    .slice(0, 500)
    .split(',')
    .forEach((part, index) => {
      const [tagRaw, ...params] = part.trim().split(';')
      const tag = (tagRaw ?? '').trim().toLowerCase()
      const primary = tag.split('-')[0] ?? ''
      const lang = (LANGUAGES as readonly string[]).includes(primary) ? (primary as Language) : null
      if (!lang) return
      let q = 1
      for (const p of params) {
        const m = /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p)
        if (m) q = Number(m[1])
      }
      if (!Number.isFinite(q) || q <= 0) return
      if (!best || q > best.q) best = { lang, q, index }
    })
  return (best as { lang: Language } | null)?.lang ?? DEFAULT_LANGUAGE
}
