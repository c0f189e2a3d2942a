// The event/place form of the web (SPEC §5) as the browser posts it: flat fields that work without
// JavaScript (checkbox switches, a "lat,lon" point, one open/close pair per weekday). `eventWebFormSchema`
// turns them into the API payload of POST /event and checks it with the API's own `eventFormSchema`, so
// the rules and their messages are the same on both sides; errors land on the form's own fields.
import { z } from 'zod'
import { imageLimit, type EventType, WEEK_DAYS } from './constants'
import { eventFormSchema, type EventFields, type EventRuleOptions, rescheduleBodySchema } from './events'
import { type Repeat, repeatSchema } from './series'

const text = z.string().optional()
const hoursOfDay = z.object({ open: text, close: text }).optional()

export const eventWebFieldsSchema = z.object({
  title: text,
  description: text,
  accessType: text,
  startDate: text,
  endDate: text,
  address: text,
  /** "lat,lon" from a map click or an address candidate */
  point: text,
  limitEnabled: text,
  maxParticipants: text,
  priceEnabled: text,
  donation: text,
  amount: text,
  currency: text,
  range: text,
  categories: z.union([z.string(), z.array(z.string())]).optional(),
  channelLink: text,
  /** The handle of the group a new event is posted as (issue 45); empty: the author's own. */
  group: text,
  /** In a place, online or both (issue 43): IN_PERSON, ONLINE or HYBRID; the link and whether everyone sees it. */
  attendanceMode: text,
  onlineUrl: text,
  onlineUrlPublic: text,
  /** Accessibility features (checkboxes) and the words for the rest. */
  accessibility: z.union([z.string(), z.array(z.string())]).optional(),
  accessibilityNote: text,
  /** New photos (File) and tokens of photos kept from an earlier post of the form (no JavaScript). */
  files: z.any().optional(),
  staged: z.union([z.string(), z.array(z.string())]).optional(),
  /** "Repeats" (decision 041), on a new event: none (empty), WEEKLY or MONTHLY, and the rule's parts. */
  repeatFreq: text,
  repeatInterval: text,
  repeatWeekdays: z.union([z.string(), z.array(z.string())]).optional(),
  repeatMonthly: text,
  repeatUntil: text,
  repeatCount: text,
  /** Dates to skip, YYYY-MM-DD, separated by commas or spaces. */
  repeatSkip: text,
  /** Editing a date of a series: this date only, or this and the following ones. */
  scope: text,
  hours: z
    .object(
      Object.fromEntries(WEEK_DAYS.map((day) => [day, hoursOfDay])) as Record<
        (typeof WEEK_DAYS)[number],
        typeof hoursOfDay
      >,
    )
    .optional(),
})
export type EventWebFields = z.input<typeof eventWebFieldsSchema>

/** Where an API field's error shows on the form. */
function formPath(issuePath: PropertyKey[]): (string | number)[] {
  const path = issuePath.filter((part): part is string | number => typeof part !== 'symbol')
  const [head, ...rest] = path
  if (head === 'coordinates') return ['point']
  if (head === 'price') return rest.length ? rest : ['amount']
  if (head === 'hours' && typeof rest[0] === 'number') return ['hours']
  if (head === 'repeat') {
    const part = String(rest[0] ?? '')
    const field = { interval: 'repeatInterval', weekdays: 'repeatWeekdays', monthly: 'repeatMonthly', until: 'repeatUntil', count: 'repeatCount', skip: 'repeatSkip' }[part]
    return [field ?? 'repeatFreq']
  }
  return path
}

/** The form field an API error of `key` (e.g. `repeat.weekdays`, `coordinates`) belongs to. */
export function webFieldOf(key: string): string {
  return formPath(key.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part))).join('.')
}

export interface EventWebFormOptions extends EventRuleOptions {
  eventType: EventType
  /** A datetime-local value in the site's time zone → ISO (null when it is not a date). */
  toIso: (local: string) => string | null
  /** Edit: the access type is locked (SPEC §4) and not posted. */
  lockedAccessType?: string
  /** Photos the post already has (edit); a new post needs at least one photo in all (SPEC §5). */
  existingPhotos?: number
}

function countPhotos(v: z.output<typeof eventWebFieldsSchema>, existing: number): number {
  const files = (Array.isArray(v.files) ? v.files : [v.files]).filter(
    (f) => typeof f === 'object' && f !== null && 'size' in f && (f as { size: number }).size > 0,
  )
  const staged = Array.isArray(v.staged) ? v.staged : v.staged ? [v.staged] : []
  return files.length + staged.length + existing
}

/** The API payload of the posted form (before the rules). */
export function toEventPayload(v: z.output<typeof eventWebFieldsSchema>, options: EventWebFormOptions) {
  const point = v.point?.split(',').map((part) => Number(part.trim()))
  const isPlace = options.eventType === 'PLACE'
  const hours = WEEK_DAYS.flatMap((day) => {
    const h = v.hours?.[day]
    return h?.open || h?.close ? [{ day, open: h.open ?? '', close: h.close ?? '' }] : []
  })
  const date = (value: string | undefined) => (value ? (options.toIso(value) ?? value) : undefined)
  const mode = options.lockedAccessType ?? v.accessType ?? ''
  return {
    title: v.title ?? '',
    description: v.description ?? '',
    eventType: options.eventType,
    // "Open, with approval" is an open event whose organizer approves each participant (decision 042).
    accessType: isPlace ? 'COMMON' : mode === 'APPROVAL' ? 'COMMON' : mode,
    // Set once: an edit leaves it out and the API keeps it.
    joinApproval: isPlace || options.lockedAccessType ? undefined : mode === 'APPROVAL',
    startDate: isPlace ? undefined : date(v.startDate),
    endDate: isPlace ? undefined : date(v.endDate),
    address: v.address ?? '',
    // [lon, lat] as the API stores it
    coordinates:
      point && point.length === 2 && point.every(Number.isFinite) ? [point[1], point[0]] : undefined,
    maxParticipants: !isPlace && v.limitEnabled ? (v.maxParticipants ?? '') : undefined,
    price: v.priceEnabled
      ? v.donation
        ? { donation: true }
        : { donation: false, amount: v.amount ?? null, currency: v.currency ?? null, range: v.range || null }
      : undefined,
    categories: asList(v.categories),
    channelLink: isPlace || options.isAdmin ? v.channelLink : undefined,
    // Chosen when the event is made; an edit leaves it out and the API keeps it.
    group: isPlace || options.lockedAccessType ? undefined : v.group || undefined,
    attendanceMode: isPlace ? undefined : v.attendanceMode || 'IN_PERSON',
    onlineUrl: isPlace ? undefined : v.onlineUrl,
    onlineUrlPublic: isPlace ? undefined : !!v.onlineUrlPublic,
    // Always sent, so an edit that unticks every feature clears them (an absent field keeps the old ones).
    accessibility: asList(v.accessibility),
    accessibilityNote: v.accessibilityNote ?? '',
    hours: isPlace ? hours : undefined,
    repeat: isPlace || options.lockedAccessType || !v.repeatFreq ? undefined : repeatOf(v),
  }
}

/** A form field sent once (a string) or several times (an array) as a list. */
function asList(value: string | string[] | undefined): string[] {
  return typeof value === 'string' ? [value] : (value ?? [])
}

/** The "Repeats" fields as POST /event's `repeat` (checked by repeatSchema, on both sides). */
function repeatOf(v: z.output<typeof eventWebFieldsSchema>) {
  const weekdays = asList(v.repeatWeekdays)
  return {
    freq: v.repeatFreq,
    interval: v.repeatInterval || undefined,
    weekdays: v.repeatFreq === 'WEEKLY' && weekdays.length ? weekdays : undefined,
    monthly: v.repeatFreq === 'MONTHLY' ? v.repeatMonthly || undefined : undefined,
    until: v.repeatUntil || undefined,
    count: v.repeatCount || undefined,
    skip: (v.repeatSkip ?? '').split(/[\s,;]+/).filter(Boolean),
  }
}

export function eventWebFormSchema(options: EventWebFormOptions) {
  const rules = eventFormSchema(options)
  return eventWebFieldsSchema.transform((value, ctx): EventFields & { repeat?: Repeat } => {
    const payload = toEventPayload(value, options)
    const result = rules.safeParse(payload)
    let repeat: Repeat | undefined
    if (payload.repeat) {
      const parsed = repeatSchema.safeParse(payload.repeat)
      if (parsed.success) repeat = parsed.data
      else
        for (const issue of parsed.error.issues)
          ctx.addIssue({ code: z.ZodIssueCode.custom, path: formPath(['repeat', ...issue.path]), message: issue.message })
    }
    const photos = countPhotos(value, options.existingPhotos ?? 0)
    const photoError =
      photos === 0 && !options.existingPhotos
        ? 'uploadPhoto'
        : photos > imageLimit(options.eventType)
          ? 'tooManyPhotos'
          : null
    if (photoError) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['files'], message: photoError })
    if (!result.success) {
      for (const issue of result.error.issues)
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: formPath(issue.path), message: issue.message })
      return z.NEVER
    }
    if (payload.repeat && !repeat) return z.NEVER
    return photoError ? z.NEVER : { ...result.data, ...(repeat ? { repeat } : {}) }
  })
}

/**
 * The "Move to new dates" form: datetime-local values in the site's zone, turned into the payload of POST
 * /event/{id}/reschedule and checked by the API's own schema, so the messages are the same on both sides.
 */
export function rescheduleWebFormSchema(
  options: Omit<EventRuleOptions, 'isAdmin'> & { toIso: (local: string) => string | null },
) {
  const rules = rescheduleBodySchema(options)
  const date = (value: string | undefined) => (value ? (options.toIso(value) ?? value) : undefined)
  return z.object({ startDate: text, endDate: text }).transform((value, ctx): { startDate?: string; endDate: string | null } => {
    const result = rules.safeParse({ startDate: date(value.startDate), endDate: date(value.endDate) })
    if (!result.success) {
      for (const issue of result.error.issues)
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: issue.path, message: issue.message })
      return z.NEVER
    }
    return { startDate: result.data.startDate, endDate: result.data.endDate ?? null }
  })
}
