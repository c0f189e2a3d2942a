/** The Russian resources must have exactly the keys of the English ones (checked by tsc). */
export type Translation<T> = {
  [K in keyof T]: T[K] extends string ? string : Translation<T[K]>
}
