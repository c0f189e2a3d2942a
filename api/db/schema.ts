// Typed tables of the whole data model (SPEC §3). Same column types on SQLite and PostgreSQL:
// text ids (crypto.randomUUID), ISO-8601 UTC text timestamps, integer 0/1 booleans, double precision
// coordinates. See docs/decisions/002-one-schema-two-dialects.md.
import type { Generated, GeneratedAlways, Insertable, Selectable, Updateable } from 'kysely'
import type {
  FederationKvTable,
  FederationQueueTable,
  FederationKeysTable,
  FederationFollowersTable,
  FederationReactionsTable,
  FederationDomainsTable,
  FederationPublishedTable,
  FederationFollowingTable,
  FederationInstancesTable,
} from './schema-federation'
import type { CalendarSourcesTable, WebhookDeliveriesTable, WebhooksTable } from './schema-connected'
import type { CollectionEventsTable, CollectionsTable } from './schema-collections'
import type { GroupFollowersTable, GroupInvitationsTable, GroupMembersTable, GroupsTable } from './schema-groups'

export type * from './schema-federation'
export type * from './schema-connected'
export type * from './schema-collections'
export type * from './schema-groups'

type Bool = number // 0 | 1
type Iso = string // ISO-8601 UTC, e.g. 2026-01-31T12:00:00.000Z

export interface UsersTable {
  id: string
  email: string | null
  password_hash: string | null
  google_sub: string | null
  name: string
  lastname: string
  username: string
  phone: string | null
  profession: string | null
  user_bio: string | null
  role: string
  avatar_name: string | null
  avatar_path: string | null
  facebook: string | null
  instagram: string | null
  vk: string | null
  moderation_status: string
  moderation_image_status: string
  is_activated: Bool
  city_name: string | null
  city_lat: number | null
  city_lon: number | null
  locale: string
  disabled_at: Iso | null
  deletion_requested_at: Iso | null
  created_at: Iso
  updated_at: Iso
  /** Reminder switches (Settings → Notifications; migration 010, docs/decisions/030-event-reminders.md). */
  remind_24h: Generated<Bool>
  remind_1h: Generated<Bool>
  remind_by_mail: Generated<Bool>
  /** Whether the person's public events go out to the fediverse (Settings; migration 013, decision 039). */
  federate_events: Generated<Bool>
  /** The organizers of events they join may see their email address in the participant list (issue 45). */
  share_email_with_organizers: Generated<Bool>
  /** A fediverse actor our people follow (migration 014, decision 040): its ActivityPub id; null for our own people. */
  remote_actor: string | null
  /** The remote actor's server (host name), its page, its inbox and shared inbox. */
  remote_domain: string | null
  remote_url: string | null
  remote_inbox: string | null
  remote_shared_inbox: string | null
}

export interface EmailCodesTable {
  id: string
  user_id: string
  purpose: string
  code_hash: string
  expires_at: Iso
  attempts: Generated<number>
  used_at: Iso | null
  created_at: Iso
}

export interface PasswordResetLinksTable {
  id: string
  user_id: string
  token_hash: string
  expires_at: Iso
  used_at: Iso | null
  created_at: Iso
}

export interface RefreshTokensTable {
  id: string
  user_id: string
  family_id: string
  token_hash: string
  expires_at: Iso
  replaced_at: Iso | null
  replaced_by: string | null
  revoked_at: Iso | null
  created_at: Iso
  /** When the token was first presented (null: its holder has not used it yet). */
  first_used_at: Iso | null
}

export interface PostsTable {
  id: string
  title: string
  description: string
  event_type: string
  access_type: string
  start_date: Iso | null
  end_date: Iso | null
  address: string
  lon: number
  lat: number
  channel_link: string | null
  max_participants: number | null
  price_donation: Bool
  price_amount: number | null
  price_currency: string | null
  price_range: string | null
  posted_by: string
  created_by: string
  moderation_status: string
  moderation_image_status: string
  post_status: string
  /** Set when the organizer cancelled the event (it stays visible, cannot be joined). */
  cancelled_at: Iso | null
  cancel_message: string | null
  /** When the organizer last moved the event to new dates, and the start it had before the first move. */
  rescheduled_at: Iso | null
  previous_start_date: Iso | null
  /** iCalendar SEQUENCE: +1 for each change a subscribed calendar must re-read (dates, cancellation). */
  sequence: Generated<number>
  /** 1: "Open, with approval" (migration 015): people ask to join and the organizer accepts or declines. */
  join_approval: Generated<number>
  /** A date of a recurring event (migration 016, decision 041): its series and the rule's start of it (UTC). */
  series_id: string | null
  series_start: Iso | null
  created_at: Iso
  updated_at: Iso
  /** Generated (migration 011): when the event stops being active (end, else start + 6 h; '9999' undated). */
  ends_at: GeneratedAlways<Iso>
  /** Generated (migration 011): how long the event lasts, in classes of 4× (SPAN_CLASS_DAYS). */
  span_class: GeneratedAlways<number>
  /** An event from the fediverse (migration 014, decision 040): its object id, server (host name) and page. */
  remote_object: string | null
  remote_domain: string | null
  remote_url: string | null
  /** Its content as the origin wrote it, sanitised to a safe subset of HTML (description holds the plain text). */
  remote_html: string | null
  /** The origin's `updated` (else `published`) of the version kept: an older Create or Update is ignored. */
  remote_updated_at: Iso | null
  /** An event imported from a calendar (migration 018): its source and the feed's key for it (UID#original start). */
  source_id: string | null
  source_key: string | null
  /** Put at its source's default place, its own address not found (migration 020). */
  source_default_place: Generated<Bool>
  /** IN_PERSON, ONLINE or HYBRID (migration 022); the link to take part online and whether everyone may see it. */
  attendance_mode: Generated<string>
  online_url: string | null
  online_url_public: Generated<Bool>
  /** Accessibility features, comma-separated in ACCESSIBILITY_FEATURES order, and the words for the rest (migration 023). */
  accessibility: Generated<string>
  accessibility_note: string | null
  /** The group it is posted as (issue 45), or null: its organizer's own. */
  group_id: string | null
}

/** People waiting for a seat of a full event, in line by `position`. */
export interface PostWaitlistTable {
  post_id: string
  user_id: string
  position: number
  created_at: Iso
}

export interface EventSeriesTable {
  id: string
  posted_by: string
  rrule: string
  dtstart_local: string
  time_zone: string
  skip_dates: string
  local_time: string
  duration_minutes: number | null
  template_post_id: string
  template: string
  cancelled_at: Iso | null
  finished_at: Iso | null
  created_at: Iso
  updated_at: Iso
}

export interface PostJoinRequestsTable {
  post_id: string
  user_id: string
  status: 'PENDING' | 'DECLINED'
  created_at: Iso
  decided_at: Iso | null
}

export interface PostImagesTable {
  id: string
  post_id: string
  name: string
  path: string
  thumb_path: string | null
  position: number
  created_at: Iso
}

export interface PostCategoriesTable {
  post_id: string
  category: string
}

export interface PostHoursTable {
  id: string
  post_id: string
  day: string
  open: string
  close: string
}

export interface PostUserLinkTable {
  post_id: string
  user_id: string
  created_at: Iso
}

/** A seat (migration 025): its check-in code, and when and by whom its holder was let in. */
export interface PostParticipantsTable extends PostUserLinkTable {
  checkin_code: string | null
  checked_in_at: Iso | null
  checked_in_by: string | null
}

export interface FollowsTable {
  follower_id: string
  followee_id: string
  created_at: Iso
}

export interface InvitationsTable {
  id: string
  post_id: string
  sender_id: string
  created_at: Iso
}

export interface InvitationRecipientsTable {
  id: string
  invitation_id: string
  recipient_id: string
  status: string
  responded_at: Iso | null
  created_at: Iso
}

export interface NotificationsTable {
  id: string
  recipient_id: string
  notification_type: string
  user_from: string | null
  entity_id: string | null
  opened_at: Iso | null
  created_at: Iso
  /** The decision a `moderation` notification tells of. */
  moderation_log_id: string | null
  /** Which reminder an `eventReminder` notification is: '24h' or '1h'. */
  reminder_kind: string | null
  /** The message an `eventMessage` notification carries (issue 45). */
  event_message_id: string | null
}

/** An organizer's message to the people of an event (issue 45): the log, and what the event page shows them. */
export interface EventMessagesTable {
  id: string
  post_id: string
  /** Null once the sender's account is gone. */
  sender_id: string | null
  body: string
  /** 1: the waiting list got it too. */
  to_waiting: number
  /** How many people it was sent to. */
  recipients: number
  created_at: Iso
}

/** A reminder claimed (then sent) for one participant of one event; primary key (post_id, user_id, kind). */
export interface EventRemindersTable {
  post_id: string
  user_id: string
  /** '24h' or '1h' */
  kind: string
  /** The start the reminder told of (a moved event is reminded of again). */
  start_date: Iso
  sent_at: Iso
}

/** One changed field of one moderation decision (api/modules/moderation). */
export interface ModerationLogTable {
  id: string
  actor_id: string | null
  /** POST or USER */
  target_type: string
  target_id: string
  /** contract MODERATION_FIELDS */
  field: string
  from_value: string | null
  to_value: string | null
  reason: string | null
  created_at: Iso
}

export interface StagedPhotosTable {
  token: string
  user_id: string
  bytes: number
  created_at: Iso
}

export interface PushSubscriptionsTable {
  id: string
  user_id: string
  endpoint: string
  p256dh: string
  auth: string
  created_at: Iso
}

export interface ReportsTable {
  id: string
  target_type: string
  target_id: string
  reporter_id: string
  reason: string
  details: string | null
  status: string
  created_at: Iso
  updated_at: Iso
  resolved_at: Iso | null
  resolved_by: string | null
  resolution_note: string | null
  /** The decision applied while resolving (contract REPORT_ACTIONS), if any. */
  resolution_action: string | null
}

/** Failed sign-ins, code checks and code mails per account (api/modules/auth/throttle.ts). */
export interface AuthThrottlesTable {
  /** `<kind>:<user id>`, or `<kind>:?<sha256 of the login>` for a login that names no account. */
  key: string
  user_id: string | null
  failures: number
  window_started_at: Iso
  locked_until: Iso | null
  notified_at: Iso | null
}

/** One row per scheduled job (api/jobs/scheduler.ts): the next slot to run and who holds it now. */
export interface JobsTable {
  name: string
  next_run_at: Iso
  lease_owner: string | null
  lease_until: Iso | null
  last_started_at: Iso | null
  last_finished_at: Iso | null
  last_error: string | null
  runs: number
}

/** The secret of a user's personal calendar feed (GET /calendar/feed/{token}.ics; decision 029). */
export interface CalendarTokensTable {
  user_id: string
  /** 32 random bytes, base64url; shown again in Settings, so kept as it is (a capability URL, reset on demand). */
  token: string
  created_at: Iso
}

export interface Database {
  users: UsersTable
  email_codes: EmailCodesTable
  password_reset_links: PasswordResetLinksTable
  refresh_tokens: RefreshTokensTable
  posts: PostsTable
  post_images: PostImagesTable
  post_categories: PostCategoriesTable
  post_hours: PostHoursTable
  post_likes: PostUserLinkTable
  post_views: PostUserLinkTable
  post_participants: PostParticipantsTable
  post_waitlist: PostWaitlistTable
  post_join_requests: PostJoinRequestsTable
  event_series: EventSeriesTable
  follows: FollowsTable
  invitations: InvitationsTable
  invitation_recipients: InvitationRecipientsTable
  notifications: NotificationsTable
  push_subscriptions: PushSubscriptionsTable
  staged_photos: StagedPhotosTable
  calendar_sources: CalendarSourcesTable
  webhooks: WebhooksTable
  webhook_deliveries: WebhookDeliveriesTable
  collections: CollectionsTable
  collection_events: CollectionEventsTable
  groups: GroupsTable
  group_members: GroupMembersTable
  group_invitations: GroupInvitationsTable
  group_followers: GroupFollowersTable
  reports: ReportsTable
  auth_throttles: AuthThrottlesTable
  jobs: JobsTable
  moderation_log: ModerationLogTable
  event_reminders: EventRemindersTable
  event_messages: EventMessagesTable
  calendar_tokens: CalendarTokensTable
  federation_kv: FederationKvTable
  federation_queue: FederationQueueTable
  federation_keys: FederationKeysTable
  federation_followers: FederationFollowersTable
  federation_reactions: FederationReactionsTable
  federation_domains: FederationDomainsTable
  federation_published: FederationPublishedTable
  federation_following: FederationFollowingTable
  federation_instances: FederationInstancesTable
}

export type UserRow = Selectable<UsersTable>
export type NewUser = Insertable<UsersTable>
export type UserUpdate = Updateable<UsersTable>
export type PostRow = Selectable<PostsTable>
export type NewPost = Insertable<PostsTable>
export type NewPostImage = Insertable<PostImagesTable>
export type RefreshTokenRow = Selectable<RefreshTokensTable>
