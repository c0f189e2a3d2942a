// The tables of the moderation console: their columns and their filters (shared by the loaders and the UI).
export type TableKind = 'users' | 'events' | 'places'

/** The columns each table can show, in order (SPEC §2: a column chooser on the Users table; the others too). */
export const TABLE_COLUMNS = {
  users: ['avatar', 'name', 'email', 'role', 'activated', 'statuses', 'updated', 'actions'],
  events: ['images', 'title', 'dates', 'owner', 'statuses', 'updated', 'actions'],
  places: ['images', 'title', 'description', 'owner', 'statuses', 'updated', 'actions'],
} as const satisfies Record<TableKind, readonly string[]>
export type TableColumn = (typeof TABLE_COLUMNS)[TableKind][number]

/** The filters of each table, as the API's query names (kept in the URL). */
export const TABLE_FILTERS = {
  users: ['query', 'role', 'moderationStatus', 'moderationImageStatus', 'sort'],
  events: ['query', 'moderationStatus', 'moderationImageStatus', 'postStatus', 'sort'],
  places: ['query', 'moderationStatus', 'moderationImageStatus', 'postStatus', 'sort'],
} as const satisfies Record<TableKind, readonly string[]>
