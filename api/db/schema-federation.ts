// Typed tables of the federation (migrations 013 and 014, docs/decisions/039 and 040): Fedify's key-value store
// and queue, our actors' keys, followers, reactions, domains, what was published, our follows and the servers.

type Iso = string // ISO-8601 UTC, as in schema.ts

/** Fedify's key-value store (cached documents, idempotence marks): a JSON value, maybe with an expiry. */
export interface FederationKvTable {
  key: string
  value: string
  expires_at: Iso | null
}

/** Fedify's queue (outgoing deliveries, fan-outs): taken by one instance at a time under a lease. */
export interface FederationQueueTable {
  id: string
  message: string
  run_at: Iso
  /** The inbox a delivery goes to: one delivery per inbox at a time, oldest first. */
  ordering_key: string | null
  lease_owner: string | null
  lease_until: Iso | null
  created_at: Iso
}

/** A local actor's key pair (`user-…`, `place-…`, `city-…`), made on first need; JWK text. */
export interface FederationKeysTable {
  actor: string
  algorithm: string
  private_jwk: string
  public_jwk: string
  created_at: Iso
}

/** A fediverse actor that follows one of ours, with where to deliver to it. */
export interface FederationFollowersTable {
  actor: string
  follower: string
  inbox: string
  shared_inbox: string | null
  domain: string
  follow_id: string | null
  created_at: Iso
}

/** A Like or an Announce of one of our events from the fediverse (counted apart from local likes). */
export interface FederationReactionsTable {
  post_id: string
  actor: string
  kind: 'LIKE' | 'ANNOUNCE'
  activity_id: string | null
  domain: string
  created_at: Iso
}

/**
 * An admin's decision on a fediverse server (decision 040): ALLOWED (its events within a city's radius show in that
 * city's lists), SILENCED (only the people who follow its actors see its events), BLOCKED (nothing in or out).
 */
export interface FederationDomainsTable {
  domain: string
  status: 'ALLOWED' | 'SILENCED' | 'BLOCKED'
  reason: string
  decided_by: string | null
  decided_at: Iso
}

/** One of our events that one of our actors sent to its followers (Create), so later changes send Update or Delete. */
export interface FederationPublishedTable {
  post_id: string
  actor: string
  author_id: string
  published_at: Iso
  updated_at: Iso
}

/** One of our people follows a fediverse actor (a remote `users` row): the Follow's id, and whether it was accepted. */
export interface FederationFollowingTable {
  user_id: string
  actor: string
  remote_user_id: string
  follow_id: string
  status: 'PENDING' | 'ACCEPTED'
  created_at: Iso
}

/** A fediverse server that delivered something to us, and when it last did (the console's Fediverse tab). */
export interface FederationInstancesTable {
  domain: string
  last_received_at: Iso
}
