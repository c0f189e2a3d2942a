// The web's texts and the function that looks them up, on the server and in the browser alike (so a hydrated
// page says exactly what the server rendered). The server adds every text at start (entry.server.tsx); the
// browser adds its own language's namespaces as its routes need them (app/locales/load.ts). It replaces
// i18next, whose ~15 KiB (compressed) every page paid for the four things the web uses: namespaces,
// dotted keys, `{{value}}` placeholders and a default text (docs/decisions/024-own-translate-function.md).
import type { Language } from '#contract'
import { NAMESPACES, type Namespace } from '~/i18n'

export type TOptions = {
  /** The namespace to look in, instead of the caller's. */
  ns?: Namespace
  /** Said when the key has no text (it is interpolated like a text). */
  defaultValue?: string
  /** Return the object at the key (a group of texts) instead of a string. */
  returnObjects?: boolean
  /** `false`: the key is a whole text, not `a.b.c` (messages that contain dots). */
  keySeparator?: false
  /** `false`: the key has no `namespace:` prefix (messages that contain colons). */
  nsSeparator?: false
  /** With a number, `key_one`, `key_few`… (the language's plural rules) are tried before `key`. */
  count?: number
  /** Values for `{{name}}` placeholders. */
  [value: string]: unknown
}

export type TFunction = (key: string, options?: TOptions) => string

type Texts = { [key: string]: string | Texts }

const store: Partial<Record<Language, Partial<Record<Namespace, Texts>>>> = {}

export function addTexts(language: Language, namespace: Namespace, texts: object) {
  ;(store[language] ??= {})[namespace] = texts as Texts
}

export function hasTexts(language: Language, namespace: Namespace): boolean {
  return Boolean(store[language]?.[namespace])
}

const pluralRules = new Map<Language, Intl.PluralRules>()
const pluralOf = (language: Language, count: number) => {
  let rules = pluralRules.get(language)
  if (!rules) pluralRules.set(language, (rules = new Intl.PluralRules(language)))
  return rules.select(count)
}

const PLACEHOLDER = /\{\{\s*([\w.-]+)\s*\}\}/g

/** `{{name}}` → the option's value; a placeholder without a value stays as it is. */
function interpolate(text: string, options: TOptions | undefined): string {
  if (!options || !text.includes('{{')) return text
  return text.replace(PLACEHOLDER, (placeholder, name: string) => {
    const value = options[name]
    return value === undefined || value === null ? placeholder : String(value)
  })
}

function lookup(texts: Texts | undefined, key: string, separated: boolean): string | Texts | undefined {
  if (!texts) return undefined
  if (!separated) return texts[key]
  let node: string | Texts | undefined = texts
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined
    node = node[part]
  }
  return node
}

/**
 * The text of `key` in `language`, looked up in the namespaces in order (a `namespace:` prefix or the `ns`
 * option comes first). A missing text is `defaultValue`, else the key itself: a visible, searchable mistake.
 */
export function translate(language: Language, namespaces: readonly Namespace[], key: string, options?: TOptions): string {
  let order = options?.ns ? [options.ns, ...namespaces] : namespaces
  let name = key
  const colon = options?.nsSeparator === false ? -1 : key.indexOf(':')
  if (colon > 0 && (NAMESPACES as readonly string[]).includes(key.slice(0, colon))) {
    order = [key.slice(0, colon) as Namespace]
    name = key.slice(colon + 1)
  }
  const separated = options?.keySeparator !== false
  const candidates = typeof options?.count === 'number' ? [`${name}_${pluralOf(language, options.count)}`, name] : [name]
  for (const namespace of order) {
    for (const candidate of candidates) {
      const found = lookup(store[language]?.[namespace], candidate, separated)
      if (typeof found === 'string') return interpolate(found, options)
      if (found !== undefined && options?.returnObjects) return found as unknown as string
    }
  }
  return interpolate(options?.defaultValue ?? name, options)
}
