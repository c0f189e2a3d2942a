// Federation (issue 26, decision 039): how a person, a place or a city is known on the fediverse, and the forms
// that send a reader to their own server to follow one.
import { z } from 'zod'
import { formSwitch, requiredString, typeErrors } from './common'

/** A Nearby actor as the fediverse knows it; null (or absent) when federation is off. */
export const fediversePresenceSchema = z
  .object({
    /** `@belgrade@nearby.example`: what people type into Mastodon's search. */
    handle: z.string(),
    /** The actor's ActivityPub id. */
    actorUrl: z.string(),
    /** How many fediverse accounts follow it ("N on the fediverse"). */
    followers: z.number().int(),
  })
  .nullable()
export type FediversePresence = z.infer<typeof fediversePresenceSchema>

/**
 * "Follow from your server": the reader's own account (`@me@mastodon.social`) or server (`mastodon.social`).
 * The web asks that server's WebFinger for its follow page (`http://ostatus.org/schema/1.0/subscribe`) and
 * sends the reader there; Mastodon's `/authorize_interaction?uri=` is the fallback.
 */
export const remoteFollowSchema = z.object({
  account: z
    .string(typeErrors('required'))
    .trim()
    .min(1, 'required')
    .max(200, 'tooLong')
    .regex(/^@?(?:[\w.-]+@)?[a-z0-9-]+(?:\.[a-z0-9-]+)+(?::\d{1,5})?$/i, 'remoteAccountInvalid'),
  /** The handle of the Nearby actor to follow (`@belgrade@nearby.example`). */
  handle: z
    .string()
    .trim()
    .min(3)
    .max(300)
    .regex(/^@?[^@\s]+@[^@\s]+$/, 'invalidValue'),
})
export type RemoteFollowInput = z.infer<typeof remoteFollowSchema>

/** PUT /profile/my/federation: whether the caller's public events go out to the fediverse. */
export const federationSwitchSchema = z.object({
  federateEvents: z.boolean(typeErrors('required', 'invalidValue')),
})
export type FederationSwitch = z.infer<typeof federationSwitchSchema>

/** The Settings form's checkbox (absent = off) → the body of PUT /profile/my/federation. */
export const federationSwitchFormSchema = z.object({ federateEvents: formSwitch })

// --- following the fediverse (issue 26 part 2, decision 040) -------------------------------------------------

/** POST /federation/following: a fediverse account to follow (`@events@gancio.example`). */
export const followRemoteSchema = z.object({
  handle: z
    .string(typeErrors('required', 'remoteHandleInvalid'))
    .trim()
    .min(1, 'required')
    .max(300, 'tooLong')
    .regex(/^@?[\w.-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*(?::\d{1,5})?$/i, 'remoteHandleInvalid'),
})
export type FollowRemoteInput = z.infer<typeof followRemoteSchema>

export const followRemoteResponseSchema = z.object({
  /** The remote actor's profile here (GET /profile/{id}). */
  profileId: z.string(),
  followers: z.number().int(),
  isFollowing: z.boolean(),
})
export type FollowRemoteResponse = z.infer<typeof followRemoteResponseSchema>

/** What a remote actor or event carries: where it lives (its page there) and its server. */
export const remoteOriginSchema = z.object({
  /** Its page on its own server. */
  url: z.string(),
  /** The server's host name (`gancio.example`). */
  domain: z.string(),
  /** The actor's handle (`@events@gancio.example`), for a profile; absent for an event. */
  handle: z.string().optional(),
  /** An event's text as its server wrote it, sanitised to a safe subset of HTML; absent for a profile. */
  html: z.string().nullable().optional(),
})
export type RemoteOrigin = z.infer<typeof remoteOriginSchema>

/** An admin's decision on a server: its events show in city lists (ALLOWED), only to followers (SILENCED), or nothing passes (BLOCKED). */
export const DOMAIN_STATUSES = ['ALLOWED', 'SILENCED', 'BLOCKED'] as const
export type DomainStatus = (typeof DOMAIN_STATUSES)[number]

/** A server's host name as admins type it (`mastodon.social`); lower-cased, without scheme, port or path. */
export const domainField = z
  .string(typeErrors('required', 'domainInvalid'))
  .trim()
  .toLowerCase()
  .min(1, 'required')
  .max(253, 'tooLong')
  .regex(/^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/, 'domainInvalid')

/** PUT /admin/federation/domains/{domain}: the decision (NONE clears it) and its reason, kept in the log. */
export const domainDecisionSchema = z.object({
  status: z.enum([...DOMAIN_STATUSES, 'NONE'], { error: 'invalidValue' }),
  reason: requiredString().max(500, 'tooLong'),
})
export type DomainDecision = z.infer<typeof domainDecisionSchema>

/** The console's form: the same, with the server typed in or taken from its row. */
export const domainDecisionFormSchema = domainDecisionSchema.extend({ domain: domainField })

/** One server the fediverse tab lists: what we know of it and the admins' decision. */
export const federationInstanceSchema = z.object({
  domain: z.string(),
  status: z.enum(DOMAIN_STATUSES).nullable(),
  reason: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** Its accounts that follow our actors. */
  followers: z.number().int(),
  /** Its actors our people follow. */
  followedActors: z.number().int(),
  /** Its events kept here (active). */
  remoteEvents: z.number().int(),
  /** When it last delivered something to us. */
  lastReceivedAt: z.string().nullable(),
})
export type FederationInstance = z.infer<typeof federationInstanceSchema>

export const federationInstancesQuerySchema = z.object({
  page: z.coerce.number({ error: 'invalidValue' }).int('invalidValue').min(1, 'invalidValue').max(1000, 'invalidValue').default(1),
})
export const federationInstancesResponseSchema = z.object({
  instances: z.array(federationInstanceSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
})
export type FederationInstancesResponse = z.infer<typeof federationInstancesResponseSchema>
