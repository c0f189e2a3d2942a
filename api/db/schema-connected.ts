// Typed tables of what connects Nearby to other tools (issue 42): calendars imported as a person's events
// (migration 018, decision 049) and outbound webhooks with their deliveries (migration 019, decision 050).
import type { Generated } from 'kysely'

type Bool = number // 0 | 1, as in schema.ts
type Iso = string // ISO-8601 UTC, as in schema.ts

/** A calendar imported as its owner's events (migration 018, decision 049). */
export interface CalendarSourcesTable {
  id: string
  owner_id: string
  url: string
  /** The calendar's own name (X-WR-CALNAME, a page's title), read at each sync. */
  name: string | null
  /** JSON array of our category ids given to every imported event (with those the feed's words match). */
  categories: Generated<string>
  /** Where events without coordinates or a found address are put. */
  place_address: string | null
  place_lat: number | null
  place_lon: number | null
  /** A moderator trusts it: its events skip the review queue. */
  trusted: Generated<Bool>
  /** A moderator paused it: no sync until resumed. */
  paused: Generated<Bool>
  etag: string | null
  last_modified: string | null
  last_sync_at: Iso | null
  /** OK, NOT_MODIFIED or ERROR. */
  last_outcome: string | null
  /** The message code of the last failure. */
  last_error: string | null
  /** JSON {new, changed, cancelled, removed} of the last sync that read the feed. */
  counts: Generated<string>
  /** JSON [{ref, reason}] of what the last sync skipped. */
  skipped: Generated<string>
  /** Failed syncs in a row (the back-off grows with them). */
  failures: Generated<number>
  next_sync_at: Iso
  created_at: Iso
  updated_at: Iso
}

/** An outbound webhook (migration 019, decision 050). */
export interface WebhooksTable {
  id: string
  owner_id: string
  /** OWN: the owner's events; SITE: every public event (admins). */
  scope: string
  url: string
  /** JSON array of the event types it wants. */
  events: string
  /** whsec_… (Standard Webhooks): shown once, kept to sign. */
  secret: string
  description: string | null
  /** Set when it failed a day of retries (or a moderator's removal of its owner): nothing is sent until re-enabled. */
  disabled_at: Iso | null
  disabled_reason: string | null
  created_at: Iso
  updated_at: Iso
}

/** One message to one webhook: the queue (PENDING, claimed under a lease) and the delivery log. */
export interface WebhookDeliveriesTable {
  /** msg_…: the webhook-id header, the same on every retry (receivers deduplicate by it). */
  id: string
  webhook_id: string
  event_type: string
  /** The exact JSON body sent (signed as it is). */
  payload: string
  /** PENDING, DELIVERED or FAILED. */
  status: string
  attempts: Generated<number>
  next_attempt_at: Iso
  lease_owner: string | null
  lease_until: Iso | null
  response_status: number | null
  response_ms: number | null
  last_error: string | null
  created_at: Iso
  finished_at: Iso | null
}
