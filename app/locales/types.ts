/** Plural forms of a text: English has `key_one` / `key_other`, Russian `key_one` / `key_few` / `key_many` / `key_other`. */
export type PluralSuffix = 'one' | 'few' | 'many' | 'other'

/**
 * The Russian resources must have exactly the keys of the English ones (checked by tsc), and for every plural
 * text (`key_other` in English) all four of Russian's forms.
 */
export type Translation<T> = {
  [K in keyof T as K extends `${string}_one` | `${string}_other` ? never : K]: T[K] extends string ? string : Translation<T[K]>
} & {
  [K in keyof T as K extends `${infer Base}_other` ? `${Base}_${PluralSuffix}` : never]: string
}
