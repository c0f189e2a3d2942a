// Business constants of SPEC §9 and the enumerations of SPEC §3/§4, shared by the API and the web.

export const APP_VERSION_LABEL = 'v1.1.3'

export const LANGUAGES = ['en', 'ru'] as const
export type Language = (typeof LANGUAGES)[number]
export const DEFAULT_LANGUAGE: Language = 'en'

export const ROLES = ['superAdmin', 'admin', 'user', 'bot'] as const
export type Role = (typeof ROLES)[number]

export const MODERATION_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const
export type ModerationStatus = (typeof MODERATION_STATUSES)[number]

export const POST_STATUSES = ['ACTIVE', 'DELETED'] as const
export type PostStatus = (typeof POST_STATUSES)[number]

export const EVENT_TYPES = ['EVENT', 'PLACE'] as const
export type EventType = (typeof EVENT_TYPES)[number]

export const ACCESS_TYPES = ['COMMON', 'SUBSCRIBERS', 'PRIVATE'] as const
export type AccessType = (typeof ACCESS_TYPES)[number]

/** Accessibility details of places and events (issue 43), in the order they are shown. */
export const ACCESSIBILITY_FEATURES = ['stepFree', 'accessibleToilet', 'hearingLoop', 'signLanguage', 'quietSpace', 'seating'] as const
export type AccessibilityFeature = (typeof ACCESSIBILITY_FEATURES)[number]

/** Where people take part (issue 43): in a place, online, or both. */
export const ATTENDANCE_MODES = ['IN_PERSON', 'ONLINE', 'HYBRID'] as const
export type AttendanceMode = (typeof ATTENDANCE_MODES)[number]

export const CURRENCIES = ['RUB', 'EUR', 'USD', 'RSD'] as const
export type Currency = (typeof CURRENCIES)[number]

export const PRICE_RANGES = ['FROM', 'UPTO'] as const
export type PriceRange = (typeof PRICE_RANGES)[number]

export const CATEGORIES = [
  'exhibitions',
  'kids',
  'leisure',
  'standUp',
  'education',
  'theaters',
  'games',
  'movie',
  'concerts',
] as const
export type Category = (typeof CATEGORIES)[number]

export const NOTIFICATION_TYPES = [
  'follow',
  'newPost',
  'updatePost',
  'invite',
  'newParticipate',
  'postLike',
  'newMessage',
  /** A moderator rejected the recipient's post or profile (info or image) or removed their post. */
  'moderation',
  /** A moderator resolved or dismissed a report the recipient made. */
  'report',
  /** A seat freed and the recipient, first on the waiting list, now takes part. */
  'waitlistSeat',
  /** The organizer cancelled an event the recipient takes part in, waits for or is invited to. */
  'eventCancelled',
  /** The organizer moved such an event to new dates. */
  'eventMoved',
  /** An event the recipient takes part in starts soon (24 hours or 1 hour before; docs/decisions/030). */
  'eventReminder',
  /** Someone asks to join the recipient's event that needs approval (decision 042). */
  'joinRequest',
  /** The organizer accepted the recipient's request: they take part now. */
  'joinAccepted',
  /** The organizer accepted the request of a full event: the recipient waits in line for a seat. */
  'joinWaitlisted',
  /** The organizer declined the recipient's request. */
  'joinDeclined',
  /** Someone invited the recipient to join a group (issue 45): entityId is the group's id. */
  'groupInvite',
  /** An organizer's message to the people of an event the recipient takes part in or waits for (issue 45). */
  'eventMessage',
] as const
export type NotificationType = (typeof NOTIFICATION_TYPES)[number]

/** The two reminders of an event's participants: about a day before and about an hour before the start. */
export const REMINDER_KINDS = ['24h', '1h'] as const
export type ReminderKind = (typeof REMINDER_KINDS)[number]

/**
 * The web form's choice of who can join (decision 042): the access types, with "Open, with approval" as a mode
 * of its own. The API keeps accessType (COMMON) and joinApproval (true) apart, so older clients read it as open.
 */
export const ACCESS_MODES = ['COMMON', 'APPROVAL', 'SUBSCRIBERS', 'PRIVATE'] as const
export type AccessMode = (typeof ACCESS_MODES)[number]

/** The form's and the page's name for who can join: "Open, with approval" is COMMON with joinApproval. */
export function accessModeOf(event: { accessType: AccessType; joinApproval: boolean }): AccessMode {
  return event.joinApproval && event.accessType === 'COMMON' ? 'APPROVAL' : event.accessType
}

/** A request to join an event that needs approval: waiting for the organizer, or declined (it cannot be asked again). */
export const JOIN_REQUEST_STATUSES = ['PENDING', 'DECLINED'] as const
export type JoinRequestStatus = (typeof JOIN_REQUEST_STATUSES)[number]
export const JOIN_DECISIONS = ['ACCEPT', 'DECLINE'] as const

export const INVITATION_STATUSES = ['PENDING', 'ACCEPTED', 'DECLINED'] as const
export type InvitationStatus = (typeof INVITATION_STATUSES)[number]

/** What a report is about (SPEC §3 Report: targetType). */
export const REPORT_TARGET_TYPES = ['POST', 'USER', 'GROUP'] as const
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number]

/** What a moderation decision is about: a post (event or place), a user, a fediverse server (decision 040), or an
 *  organizer group (issue 45). */
export const MODERATION_TARGET_TYPES = ['POST', 'USER', 'DOMAIN', 'GROUP'] as const
export type ModerationTargetType = (typeof MODERATION_TARGET_TYPES)[number]

/** What a moderation decision changed (one log row per field). */
export const MODERATION_FIELDS = [
  'moderationStatus',
  'moderationImageStatus',
  'postStatus',
  'role',
  'isActivated',
  'content',
  'avatar',
  'images',
  /** A fediverse server's status: ALLOWED, SILENCED, BLOCKED, or none. */
  'federation',
  /** A group's status: ACTIVE, SUSPENDED, DELETED (its moderationStatus is logged as moderationStatus). */
  'groupStatus',
] as const
export type ModerationField = (typeof MODERATION_FIELDS)[number]

export const LIMITS = {
  eventImages: 3,
  placeImages: 10,
  tablePageSize: 7,
  passwordMin: 6,
  usernameMin: 4,
  nameMin: 3,
  minParticipants: 1,
  profileDescriptionTruncate: 30,
  moderationDescriptionTruncate: 200,
  moderationRowImages: 3,
  verificationCodeLength: 6,
} as const

export const TIMINGS = {
  addressSearchDebounceMs: 2000,
  citySearchDebounceMs: 1000,
  resizeDebounceMs: 500,
  mobileSearchSubmitDelayMs: 1000,
  heartbeatMs: 30000,
  notificationRefetchDelayMs: 400,
  installBannerHideMs: 604800000,
  scrollLoadThresholdPx: 50,
  chunkLoadTimeoutMs: 120000,
} as const

export const MOBILE_BREAKPOINT_PX = 575
export const DRAWER_WIDTH_PX = 600
export const MODAL_WIDTH_PX = 620
export const MAP_HEIGHT_PX = 300
export const MAP_ZOOM = { list: 12, externalLink: 17 } as const

/** Default map centre (SPEC §3 Geo filter): lat, lon. */
export const DEFAULT_CENTER = { latitude: 44.80401, longitude: 20.46513 } as const

export const REPORT_REVIEW_HOURS = 24
export const ACCOUNT_DELETION_DAYS = 30

/** Cuts a text to `max` characters (by code point, so emoji stay whole) and marks the cut with '…'. */
export function truncateText(text: string, max: number): string {
  const chars = Array.from(text.trim())
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max).join('').trimEnd()}…`
}

/** The realtime socket (SPEC §7 "Realtime"): a constant of its own module so that the web's root, which
 * connects it, does not pull the schemas (and zod) into every page. */
export const REALTIME = {
  /** socket.io path on the API's origin */
  path: '/ws',
  /** The client emits `heartbeat` this often (SPEC §9). */
  heartbeatMs: TIMINGS.heartbeatMs,
  /** After `server-message:newNotification` the web refetches the latest notifications after this delay. */
  refetchDelayMs: TIMINGS.notificationRefetchDelayMs,
  events: {
    /** client → server: the user is present (payload ignored: the ticket says who it is) */
    online: 'online',
    /** client → server: the user goes away (the socket stays connected and still gets notifications) */
    offline: 'offline',
    /** client → server, every heartbeatMs */
    heartbeat: 'heartbeat',
    /** server → client: the ids of the users online now (string[]) */
    getUsers: 'get-users',
    /** server → client: a new notification of the socket's user (notificationSchema) */
    newNotification: 'server-message:newNotification',
  },
} as const

// Limits and value lists of the schema modules that the browser needs without the schemas (so pages that
// only show data do not download zod).

/**
 * The deepest row a paged list reaches by page number: a page past it is refused (pageTooDeep), so no request
 * skips more rows than this (docs/decisions/033-lists-at-scale.md).
 */
export const MAX_LIST_DEPTH = 2_000

/** The last page of a list of `pageSize` that MAX_LIST_DEPTH lets a page number reach. */
export function lastReachablePage(pageSize: number): number {
  return Math.max(1, Math.floor(MAX_LIST_DEPTH / pageSize))
}

export const ADMIN_LIMITS = {
  /** SPEC §9 table page size. */
  pageSize: LIMITS.tablePageSize,
  maxPageSize: 50,
  queryMax: 100,
  reasonMax: 500,
} as const

export const ADMIN_SORTS = ['newest', 'oldest'] as const

/**
 * The day of the event (issue 45): each seat's check-in code, six characters of an alphabet without look-alikes
 * (no 0/O, 1/I/L), unique within its event; typed at the door in any case, with or without spaces.
 */
export const CHECKIN = {
  codeAlphabet: '23456789ABCDEFGHJKMNPQRSTUVWXYZ',
  codeLength: 6,
} as const

/**
 * A message to everyone of an event (issue 45): short, as a notification is, and a few a day per event, so that the
 * people who joined are told what matters ("we moved to room 2") and not flooded.
 */
export const EVENT_MESSAGES = {
  maxLength: 500,
  /** Per event, in any 24 hours, whoever of its organizers sends them. */
  perDay: 5,
} as const

/** The lists' tabs: upcoming and running (active), running at this moment (now), ended, one's own. */
export const EVENT_FILTERS = ['active', 'now', 'completed', 'my'] as const

export const EVENT_LIMITS = {
  /** GET /event/all, /event/my, /event/{userId}/events */
  pageSize: 12,
  /** GET /event/widget/* */
  widgetSize: 3,
  /** GET /event/all: events within this distance of the resolved city centre. */
  radiusKm: 50,
  titleMax: 200,
  descriptionMax: 5000,
  addressMax: 500,
  channelLinkMax: 500,
  accessibilityNoteMax: 500,
  maxParticipantsMax: 100_000,
  hoursMax: 21,
  /** Bytes per uploaded photo. */
  imageMaxBytes: 10 * 1024 * 1024,
  /** Pixels of an input image (sharp limitInputPixels). */
  imageMaxPixels: 40_000_000,
  imageLongSide: 2048,
  thumbnailLongSide: 400,
  /** A start this far in the past still counts as "now" (clock skew, slow forms). */
  pastSlackMs: 5 * 60_000,
  /** An event without an end date counts as ended this long after its start. */
  defaultDurationMs: 6 * 3_600_000,
  /** The organizer's message to participants when cancelling an event. */
  cancelMessageMax: 1000,
} as const

export const WEEK_DAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const

export const imageLimit = (eventType: string): number =>
  eventType === 'PLACE' ? LIMITS.placeImages : LIMITS.eventImages

/**
 * Photos staged ahead of a form (POST /uploads/staged, kept an hour): one call takes a form's most photos; what
 * one person holds at once is capped in count and bytes, across instances — two full forms of a place's photos
 * shrunk in the browser, or one of full-size photos sent without JavaScript (issue 39).
 */
export const STAGED_PHOTO_LIMITS = {
  filesPerCall: Math.max(LIMITS.placeImages, LIMITS.eventImages),
  heldCount: 20,
  heldBytes: 100 * 1024 * 1024,
} as const

export const PROFILE_LIMITS = {
  professionMax: 100,
  userBioMax: 500,
  linkMax: 500,
  cityNameMax: 200,
  /** Stored phone numbers: exactly this many digits (shown as +X (XXX) XXX-XX-XX). */
  phoneDigits: 11,
  /** Followers/following tables (SPEC §9 table page size) and the largest page a caller may ask for. */
  tablePageSize: LIMITS.tablePageSize,
  maxPageSize: 50,
  /** GET /profile/ (user search). */
  searchPageSize: 12,
  searchQueryMax: 100,
  /** Search words beyond this are ignored. */
  searchTermsMax: 5,
} as const

/** '79991234567' → '+7 (999) 123-45-67' (SPEC §2); anything else is returned as it is. */
export function formatPhone(digits: string | null | undefined): string {
  if (!digits) return ''
  const m = /^(\d)(\d{3})(\d{3})(\d{2})(\d{2})$/.exec(digits)
  return m ? `+${m[1]} (${m[2]}) ${m[3]}-${m[4]}-${m[5]}` : digits
}

export const REPORT_LIMITS = {
  detailsMax: 1000,
  /** Reports one user may send in an hour (new ones and updates alike). */
  perHour: 20,
  /** An OPEN report older than this is overdue (the terms of use promise a review within 24 hours). */
  reviewHours: REPORT_REVIEW_HOURS,
} as const

export const REPORT_REASONS = ['spam', 'inappropriate', 'harassment', 'fraud', 'other'] as const

export const REPORT_STATUSES = ['OPEN', 'RESOLVED', 'DISMISSED'] as const
