// The fields of an event or a place (SPEC §5 form, §7 POST /event, PUT /event/{id}) and their rules: one field
// schema serves the API and the web form; messages are codes (contract/messages.ts).
import { z } from 'zod'
import {
  ACCESS_TYPES,
  ACCESSIBILITY_FEATURES,
  ATTENDANCE_MODES,
  CATEGORIES,
  CURRENCIES,
  type EVENT_FILTERS,
  EVENT_LIMITS,
  EVENT_TYPES,
  LIMITS,
  PRICE_RANGES,
  WEEK_DAYS,
} from './constants'
import { requiredString, typeErrors } from './common'
import type { MessageCode } from './messages'

export type WeekDay = (typeof WEEK_DAYS)[number]

export type EventFilter = (typeof EVENT_FILTERS)[number]

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/

/** Parses a value that may be a JSON string (multipart fields) into a value; leaves it alone otherwise. */
export function parseJsonField(value: unknown): unknown {
  if (typeof value !== 'string') return value
  const v = value.trim()
  if (v === '') return undefined
  try {
    return JSON.parse(v)
  } catch {
    return value
  }
}

/** The fields of POST /event sent as JSON strings in multipart (SPEC §7). */
export const EVENT_JSON_FIELDS = ['coordinates', 'maxParticipants', 'price', 'categories', 'accessibility', 'hours', 'repeat'] as const


/** [lon, lat] (canonical, as stored in location.coordinates) or {lat, lon} / {latitude, longitude}. */
export const coordinatesField = z.unknown().transform((value, ctx): [number, number] => {
  let lon: unknown
  let lat: unknown
  if (Array.isArray(value) && value.length === 2) [lon, lat] = value
  else if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>
    lat = o.lat ?? o.latitude
    lon = o.lon ?? o.lng ?? o.longitude
  }
  if (value === undefined || value === null || value === '') {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'choosePosition' })
    return z.NEVER
  }
  const x = typeof lon === 'string' ? Number(lon) : lon
  const y = typeof lat === 'string' ? Number(lat) : lat
  if (
    typeof x !== 'number' ||
    typeof y !== 'number' ||
    !Number.isFinite(x) ||
    !Number.isFinite(y) ||
    x < -180 ||
    x > 180 ||
    y < -90 ||
    y > 90
  ) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'choosePosition' })
    return z.NEVER
  }
  return [x, y]
})

export const priceSchema = z
  .object({
    donation: z.boolean({ error: 'invalidValue' }).optional().default(false),
    amount: z.coerce
      .number({ error: 'invalidValue' })
      .min(0, 'amountMin')
      .max(1e9, 'tooLong')
      .nullable()
      .optional(),
    currency: z
      .enum(CURRENCIES, { error: 'invalidValue' })
      .nullable()
      .optional(),
    range: z
      .enum(PRICE_RANGES, { error: 'invalidValue' })
      .nullable()
      .optional(),
  })
  .superRefine((p, ctx) => {
    if (p.donation) return
    if (p.amount === undefined || p.amount === null)
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['amount'], message: 'required' })
    if (!p.currency) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['currency'], message: 'required' })
  })
  .transform((p) =>
    p.donation
      ? { donation: true, amount: null, currency: null, range: null }
      : { donation: false, amount: p.amount ?? 0, currency: p.currency ?? null, range: p.range ?? null },
  )
export type Price = {
  donation: boolean
  amount: number | null
  currency: string | null
  range: string | null
}

export const hoursItemSchema = z
  .object({
    day: z.enum(WEEK_DAYS, { error: 'invalidValue' }),
    open: z.string(typeErrors('required')).regex(HHMM, 'invalidHours'),
    close: z.string(typeErrors('required')).regex(HHMM, 'invalidHours'),
  })
  // close < open is an overnight interval (e.g. 20:00–02:00); equal times are refused.
  .refine((h) => h.open !== h.close, { message: 'invalidHours', path: ['close'] })

export const dateField = z
  .union([z.string(), z.date()], { error: 'invalidValue' })
  .transform((v, ctx) => {
    const d = v instanceof Date ? v : new Date(v)
    if (Number.isNaN(d.getTime())) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'invalidDate' })
      return z.NEVER
    }
    return d.toISOString()
  })

export const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v)

/** A yes/no field as JSON (true/false) or as multipart text ('true'/'false', a checkbox's 'on', '1'/'0'). */
const booleanField = z.preprocess((v) => {
  if (typeof v !== 'string') return emptyToUndefined(v)
  const s = v.trim().toLowerCase()
  if (s === '') return undefined
  if (s === 'true' || s === 'on' || s === '1') return true
  if (s === 'false' || s === 'off' || s === '0') return false
  return v
}, z.boolean({ error: 'invalidValue' }).optional())

/** A list sent as an array, or as one text of comma-separated values. */
const commaList = (v: unknown) =>
  typeof v === 'string'
    ? v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : emptyToUndefined(v)

/** An http(s) link (a contact channel, the link to take part online). */
const linkField = z.preprocess(
  emptyToUndefined,
  z
    .string({ error: 'invalidValue' })
    .trim()
    .max(EVENT_LIMITS.channelLinkMax, 'tooLong')
    .refine((v) => /^https?:\/\/[^\s/]+\.[^\s]+$/i.test(v), 'invalidUrl')
    .optional(),
)

/** The fields of the event/place form (SPEC §5) before the rules that need the caller's role. */
export const eventFieldsObject = z.object({
  title: requiredString().max(EVENT_LIMITS.titleMax, 'tooLong'),
  description: requiredString().max(EVENT_LIMITS.descriptionMax, 'tooLong'),
  eventType: z.enum(EVENT_TYPES, { error: 'invalidValue' }).default('EVENT'),
  accessType: z.enum(ACCESS_TYPES, { error: 'invalidValue' }),
  /** "Open, with approval" (decision 042): people ask to join and the organizer decides. Set when created. */
  joinApproval: booleanField.transform((v) => v ?? false),
  startDate: z.preprocess(emptyToUndefined, dateField.optional()),
  endDate: z.preprocess(emptyToUndefined, dateField.optional()),
  /** In a place, online or both (issue 43); places are always IN_PERSON. */
  attendanceMode: z.preprocess(emptyToUndefined, z.enum(ATTENDANCE_MODES, { error: 'invalidValue' }).default('IN_PERSON')),
  /** The video call or stream: shown to participants, or to everyone when onlineUrlPublic (a public event). */
  onlineUrl: linkField,
  onlineUrlPublic: booleanField.transform((v) => v ?? false),
  /** Accessibility features (an array; or repeated/comma-separated) and the words for the rest. */
  accessibility: z.preprocess(
    commaList,
    z
      .array(z.enum(ACCESSIBILITY_FEATURES, { error: 'invalidValue' }))
      .max(ACCESSIBILITY_FEATURES.length, 'invalidValue')
      .optional()
      .transform((list) => ACCESSIBILITY_FEATURES.filter((feature) => list?.includes(feature))),
  ),
  accessibilityNote: z.preprocess(emptyToUndefined, z.string({ error: 'invalidValue' }).trim().max(EVENT_LIMITS.accessibilityNoteMax, 'tooLong').optional()),
  address: requiredString().max(EVENT_LIMITS.addressMax, 'tooLong'),
  coordinates: coordinatesField,
  maxParticipants: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'invalidValue' })
      .int('invalidValue')
      .min(LIMITS.minParticipants, 'minParticipants')
      .max(EVENT_LIMITS.maxParticipantsMax, 'tooLong')
      .optional(),
  ),
  price: z.preprocess(emptyToUndefined, priceSchema.optional()),
  categories: z.preprocess(
    commaList,
    z
      .array(z.enum(CATEGORIES, { error: 'invalidValue' }))
      .max(CATEGORIES.length, 'invalidValue')
      .optional()
      .transform((list) => [...new Set(list ?? [])]),
  ),
  channelLink: linkField,
  /** The group it is posted as (issue 45), by handle; set when created. Its owners, admins and editors may. */
  group: z.preprocess(emptyToUndefined, z.string({ error: 'invalidValue' }).trim().toLowerCase().max(100, 'invalidValue').optional()),
  hours: z.preprocess(
    emptyToUndefined,
    z.array(hoursItemSchema).max(EVENT_LIMITS.hoursMax, 'tooLong').optional(),
  ),
})
export type EventFieldsInput = z.input<typeof eventFieldsObject>

export interface EventRuleOptions {
  /** can(role, 'eventAdminFields'): may leave startDate empty and set an event's channel link. */
  isAdmin: boolean
  /**
   * can(role, 'createPlace'), as the API passes it. The web's forms leave it out (isAdmin stands in): their
   * place page is guarded by requirePermission('createPlace') already.
   */
  mayCreatePlace?: boolean
  now?: Date
  /** On edit: a start date equal to this one may lie in the past (an event that already began). */
  existingStartDate?: string | null
  existingEndDate?: string | null
}

/**
 * The cross-field rules of SPEC §5 (places for admins, channel link of places, start date, past dates,
 * end ≥ start). Works on raw input too, so a form with other errors still shows these at once.
 */
export function eventRuleIssues(
  v: { eventType?: unknown; startDate?: unknown; endDate?: unknown; channelLink?: unknown },
  options: EventRuleOptions,
): { path: string; message: MessageCode }[] {
  const issues: { path: string; message: MessageCode }[] = []
  const now = (options.now ?? new Date()).getTime() - EVENT_LIMITS.pastSlackMs
  const iso = (x: unknown): string | null => {
    if (typeof x !== 'string' && !(x instanceof Date)) return null
    const d = new Date(x)
    return Number.isNaN(d.getTime()) ? null : d.toISOString()
  }
  const filled = (x: unknown) => x !== undefined && x !== null && !(typeof x === 'string' && x.trim() === '')
  if (v.eventType === 'PLACE') {
    if (!(options.mayCreatePlace ?? options.isAdmin)) issues.push({ path: 'eventType', message: 'placesAdminOnly' })
    if (!filled(v.channelLink)) issues.push({ path: 'channelLink', message: 'required' })
    return issues
  }
  const start = iso(v.startDate)
  const end = iso(v.endDate)
  if (!filled(v.startDate) && !options.isAdmin) issues.push({ path: 'startDate', message: 'required' })
  if (start && start !== options.existingStartDate && Date.parse(start) < now)
    issues.push({ path: 'startDate', message: 'pastDate' })
  if (end) {
    if (start && Date.parse(end) < Date.parse(start))
      issues.push({ path: 'endDate', message: 'endBeforeStart' })
    else if (end !== options.existingEndDate && Date.parse(end) < now)
      issues.push({ path: 'endDate', message: 'pastDate' })
  }
  return issues
}

/** The full form schema of SPEC §5 (the API adds photo counts, which come as files). */
export function eventFormSchema(options: EventRuleOptions) {
  return eventFieldsObject.superRefine((v, ctx) => {
    for (const issue of eventRuleIssues(v, options))
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: [issue.path], message: issue.message })
    // "Open, with approval" (decision 042): followers-only and private events have their own way in.
    if (v.joinApproval && (v.accessType !== 'COMMON' || v.eventType === 'PLACE'))
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['joinApproval'], message: 'approvalOpenOnly' })
  })
}
export type EventFields = z.output<typeof eventFieldsObject>
