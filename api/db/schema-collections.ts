// Typed tables of curated collections (migration 021, issue 43).
import type { Generated } from 'kysely'

type Iso = string // ISO-8601 UTC, as in schema.ts

/** A named collection of events: rules (every one given must match) and hand-picked events. */
export interface CollectionsTable {
  id: string
  /** Its address: /collections/{slug}. */
  slug: string
  name: string
  description: Generated<string>
  /** JSON arrays: category ids (any of them), organizers' user ids (any), places' post ids (within 150 m of any). */
  categories: Generated<string>
  organizer_ids: Generated<string>
  place_ids: Generated<string>
  /** Words every matching event's title holds. */
  words: string | null
  /** Events that start from / until these instants. */
  starts_from: Iso | null
  starts_until: Iso | null
  created_by: string | null
  created_at: Iso
  updated_at: Iso
}

/** A hand-picked event of a collection. */
export interface CollectionEventsTable {
  collection_id: string
  post_id: string
  added_at: Iso
}
