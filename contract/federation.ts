// Federation (issue 26, decision 039): how a person, a place or a city is known on the fediverse, and the forms
// that send a reader to their own server to follow one.
import { z } from 'zod'
import { formSwitch } from './common'

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
    .string({ required_error: 'required' })
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
  federateEvents: z.boolean({ required_error: 'required', invalid_type_error: 'invalidValue' }),
})
export type FederationSwitch = z.infer<typeof federationSwitchSchema>

/** The Settings form's checkbox (absent = off) → the body of PUT /profile/my/federation. */
export const federationSwitchFormSchema = z.object({ federateEvents: formSwitch })
