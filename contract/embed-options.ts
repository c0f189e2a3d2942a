// The embeddable programme's options (decision 043) without zod: the builder's screen ships them to the
// browser, which must not pay for the schemas of contract/embed.ts.
import type { Category, Language } from './constants'

export const EMBED_LIMITS = {
  /** How many events a programme shows: the builder's choices, and the default. */
  counts: [3, 5, 10, 20],
  defaultCount: 5,
  maxCount: 20,
  /** Seconds a shared cache may keep the JSON and the framed page. */
  maxAgeSeconds: 300,
} as const

export const EMBED_THEMES = ['light', 'dark'] as const
export type EmbedTheme = (typeof EMBED_THEMES)[number]

/** What the address of a programme can say (the parsed query of contract/embed.ts, loosely). */
export interface EmbedAddress {
  organizer?: string
  /** A group's handle (issue 45). */
  group?: string
  collection?: string
  place?: string
  city?: string
  country?: string
  categories?: readonly Category[] | readonly string[]
  count?: number
  theme?: EmbedTheme
  lang?: Language
}

/** The query string of a programme (for the framed page's and the JSON's address), default values left out. */
export function embedSearch(q: EmbedAddress): string {
  const search = new URLSearchParams()
  if (q.organizer) search.set('organizer', q.organizer)
  else if (q.group) search.set('group', q.group)
  else if (q.collection) search.set('collection', q.collection)
  else if (q.place) search.set('place', q.place)
  else {
    if (q.city) search.set('city', q.city)
    if (q.country) search.set('country', q.country)
    if (q.categories?.length) search.set('categories', q.categories.join(','))
  }
  if (q.count && q.count !== EMBED_LIMITS.defaultCount) search.set('count', String(q.count))
  if (q.theme && q.theme !== 'light') search.set('theme', q.theme)
  if (q.lang) search.set('lang', q.lang)
  return search.toString()
}
