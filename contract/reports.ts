// Reports (SPEC §3 Report: targetType, targetId, reporterId, reason, details; ARCHITECTURE "Reports are
// real"): users report a post, a user or a group (issue 45); moderators work the queue within REPORT_REVIEW_HOURS.
import { z } from 'zod'
import { adminPageSizeField, blankToUndefined, checkboxField, reasonField } from './admin'
import {
  REPORT_LIMITS,
  REPORT_REASONS,
  REPORT_STATUSES,
  REPORT_TARGET_TYPES,
} from './constants'
import { pageQueryField, userSummarySchema } from './events'
import { typeErrors } from './common'

export type ReportReason = (typeof REPORT_REASONS)[number]
export type ReportStatus = (typeof REPORT_STATUSES)[number]

/** POST /reports, and the report form of the web. Details are required for "other". */
export const reportSchema = z
  .object({
    targetType: z.enum(REPORT_TARGET_TYPES, { error: 'invalidValue' }),
    targetId: z.string(typeErrors('required')).min(1, 'required').max(100, 'invalidValue'),
    reason: z.enum(REPORT_REASONS, { error: 'chooseReason' }),
    details: z.preprocess(
      blankToUndefined,
      z
        .string({ error: 'invalidValue' })
        .trim()
        .max(REPORT_LIMITS.detailsMax, 'tooLong')
        .optional(),
    ),
  })
  .superRefine((value, ctx) => {
    if (value.reason === 'other' && !value.details)
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['details'], message: 'required' })
  })
export type ReportInput = z.input<typeof reportSchema>
export type ReportPayload = z.output<typeof reportSchema>

export const reportResponseSchema = z.object({
  _id: z.string(),
  targetType: z.enum(REPORT_TARGET_TYPES),
  targetId: z.string(),
  reason: z.enum(REPORT_REASONS),
  details: z.string().nullable(),
  status: z.enum(REPORT_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type Report = z.infer<typeof reportResponseSchema>

export const adminReportsQuerySchema = z.object({
  page: pageQueryField,
  pageSize: adminPageSizeField,
  /** OPEN by default: the queue. */
  status: z.preprocess(
    blankToUndefined,
    z.enum(REPORT_STATUSES, { error: 'invalidValue' }).default('OPEN'),
  ),
  targetType: z.preprocess(
    blankToUndefined,
    z.enum(REPORT_TARGET_TYPES, { error: 'invalidValue' }).optional(),
  ),
})
export type AdminReportsQuery = z.output<typeof adminReportsQuerySchema>

/** What a report is about, as the queue shows it (null when the target no longer exists). */
export const reportTargetSchema = z.object({
  /** The post's title, or the user's name and username. */
  label: z.string(),
  thumbnailUrl: z.string().nullable(),
  /** PLACE or EVENT for posts. */
  eventType: z.enum(['EVENT', 'PLACE']).nullable(),
  ownerId: z.string(),
  /** The viewer may decide on it (a moderator, not its owner: another moderator decides on their own). */
  mayModerate: z.boolean(),
  moderationStatus: z.string(),
  moderationImageStatus: z.string(),
  postStatus: z.string().nullable(),
  /** A group's handle (its page is /groups/{handle}); null for posts and users. */
  handle: z.string().nullable(),
})

export const adminReportSchema = reportResponseSchema.extend({
  reporter: userSummarySchema.nullable(),
  target: reportTargetSchema.nullable(),
  /** Hours since the report was made (whole hours, rounded down). */
  ageHours: z.number().int(),
  /** OPEN and older than REPORT_LIMITS.reviewHours. */
  overdue: z.boolean(),
  /** How many people have an OPEN report about the same target, and for which reasons. */
  openReporters: z.number().int(),
  openReasons: z.array(z.enum(REPORT_REASONS)),
  resolutionNote: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  resolvedBy: userSummarySchema.nullable(),
})
export type AdminReport = z.infer<typeof adminReportSchema>

export const adminReportsResponseSchema = z.object({
  reports: z.array(adminReportSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Matching reports, counted up to MAX_LIST_DEPTH. */
  total: z.number().int(),
  /** More reports match than `total` says. */
  totalCapped: z.boolean(),
  hasMore: z.boolean(),
})
export type AdminReportsResponse = z.infer<typeof adminReportsResponseSchema>

/** The console's header and the Reports tab label. */
export const reportsSummarySchema = z.object({
  open: z.number().int(),
  overdue: z.number().int(),
  /** When the oldest OPEN report was made, or null. */
  oldestOpenAt: z.string().nullable(),
})
export type ReportsSummary = z.infer<typeof reportsSummarySchema>

/** A decision applied while resolving (logged like any other). `delete` is for posts only; a group is decided on in
 * Console → Groups (PATCH /admin/groups/{handle}), its reports only closed here. */
export const REPORT_ACTIONS = ['rejectInfo', 'rejectImage', 'delete'] as const
export type ReportAction = (typeof REPORT_ACTIONS)[number]

/** PATCH /admin/reports/{id}. `wholeTarget` closes every OPEN report of the same target the same way. */
export const adminReportPatchSchema = z.object({
  status: z.enum(['RESOLVED', 'DISMISSED'], { error: 'invalidValue' }),
  resolutionNote: reasonField,
  action: z.preprocess(
    blankToUndefined,
    z.enum(REPORT_ACTIONS, { error: 'invalidValue' }).optional(),
  ),
  wholeTarget: checkboxField.optional(),
})
export type AdminReportPatch = z.output<typeof adminReportPatchSchema>

export const adminReportPatchResponseSchema = z.object({
  /** The reports closed by this call (one, or every OPEN one of the target). */
  closed: z.number().int(),
  report: reportResponseSchema,
})

/** The buttons of a row of the console's Reports tab. */
export const REPORT_DECISIONS = ['resolve', 'dismiss', 'rejectInfo', 'rejectImage', 'delete'] as const
export type ReportDecision = (typeof REPORT_DECISIONS)[number]

export const reportDecisionFormSchema = z.object({
  id: z.string(typeErrors('required')).min(1, 'required').max(100, 'invalidValue'),
  decision: z.enum(REPORT_DECISIONS, { error: 'invalidValue' }),
  resolutionNote: reasonField,
  /** A checkbox: close every OPEN report of the same target. */
  wholeTarget: checkboxField,
})

/** The PATCH body of a Reports-tab button: Dismiss, Resolve, or a decision that resolves. */
export function reportDecisionPatch(form: z.output<typeof reportDecisionFormSchema>): AdminReportPatch {
  const base = { resolutionNote: form.resolutionNote, wholeTarget: form.wholeTarget }
  if (form.decision === 'dismiss') return { ...base, status: 'DISMISSED' }
  if (form.decision === 'resolve') return { ...base, status: 'RESOLVED' }
  return { ...base, status: 'RESOLVED', action: form.decision }
}
