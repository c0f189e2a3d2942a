// Server side of the moderation console's tables: filters read from the URL, the column chooser's cookie,
// and the row actions (a plain form post each; with JavaScript a fetcher). docs/decisions/018-moderation.md.
import { parseWithZod } from '@conform-to/zod/v4'
import { data } from '@remix-run/node'
import { parseCookie, stringifySetCookie } from 'cookie'
import {
  decisionPatch,
  moderationDecisionFormSchema,
  type ModerationIntent,
  reportDecisionFormSchema,
  reportDecisionPatch,
} from '#contract'
import { ApiError, ok, type Api } from '~/utils/api.server'
import { cookiesAreSecure } from '~/utils/env.server'
import { readFormData } from '~/utils/form.server'
import { safeRedirect } from '~/utils/redirect'
import { createToastHeaders, redirectWithToast, type ToastInput } from '~/utils/toast.server'
import { TABLE_COLUMNS, TABLE_FILTERS, type TableColumn, type TableKind } from './columns'

const COLUMNS_COOKIE = 'nearby_moderation_columns'
const COLUMNS_COOKIE_MAX_AGE = 60 * 60 * 24 * 365

/** The filters and page of a table's URL, as the API query (empty values left out). */
export function tableQuery(url: URL, kind: TableKind): Record<string, string> {
  return queryOf(url, [...TABLE_FILTERS[kind], 'page'])
}

/** These query values of a console URL, as the API's query (empty values left out). */
export function queryOf(url: URL, names: readonly string[]): Record<string, string> {
  const query: Record<string, string> = {}
  for (const name of names) {
    const value = url.searchParams.get(name)?.trim()
    if (value) query[name] = value
  }
  return query
}

/**
 * A page of a console list, or, when the API refuses the query (a hand-made URL), the empty page with the
 * API's message: the screen stays, with the message above it.
 */
export async function pageOrQueryError<P>(load: Promise<P>, empty: P): Promise<{ page: P; queryError: string | null }> {
  try {
    return { page: await load, queryError: null }
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 400) throw error
    // A page past the deepest one a table reaches says so (decision 033); other refusals give the API's message.
    return { page: empty, queryError: error.body.errors.page?.[0] ?? error.body.message }
  }
}

const EMPTY_PAGE = { page: 1, pageSize: 7, total: 0, totalCapped: false, hasMore: false }

/**
 * The columns shown: the chooser's submit (`?columns=1&col=…`), remembered in a cookie for the next visit;
 * else the cookie's; else all. Answers the Set-Cookie value when the choice changed.
 */
export function chosenColumns(request: Request, kind: TableKind): { columns: TableColumn[]; setCookie: string | null } {
  const all: readonly TableColumn[] = TABLE_COLUMNS[kind]
  const url = new URL(request.url)
  const stored = parseStored(request.headers.get('Cookie'))
  if (url.searchParams.get('columns') === '1') {
    const picked = url.searchParams.getAll('col').filter((c): c is TableColumn => all.includes(c as TableColumn))
    // Actions always stay: a table without them could not be worked.
    const columns = all.filter((c) => picked.includes(c) || c === 'actions')
    const next = { ...stored, [kind]: columns }
    const setCookie = stringifySetCookie({
      name: COLUMNS_COOKIE,
      value: JSON.stringify(next),
      path: '/moderation',
      sameSite: 'lax',
      httpOnly: true,
      secure: cookiesAreSecure(),
      maxAge: COLUMNS_COOKIE_MAX_AGE,
    })
    return { columns, setCookie }
  }
  const remembered = stored[kind]?.filter((c): c is TableColumn => all.includes(c as TableColumn))
  return { columns: remembered?.length ? all.filter((c) => remembered.includes(c) || c === 'actions') : [...all], setCookie: null }
}

function parseStored(header: string | null): Partial<Record<TableKind, string[]>> {
  const raw = header ? parseCookie(header)[COLUMNS_COOKIE] : undefined
  if (!raw) return {}
  try {
    const value: unknown = JSON.parse(raw)
    if (!value || typeof value !== 'object') return {}
    const out: Partial<Record<TableKind, string[]>> = {}
    for (const kind of Object.keys(TABLE_COLUMNS) as TableKind[]) {
      const list = (value as Record<string, unknown>)[kind]
      if (Array.isArray(list)) out[kind] = list.filter((c): c is string => typeof c === 'string').slice(0, 20)
    }
    return out
  } catch {
    return {}
  }
}

/** A table URL to come back to after an action: the form's `back` when it is that table's own path. */
export function tableBackTo(value: FormDataEntryValue | null, tablePath: string): string {
  const target = safeRedirect(typeof value === 'string' ? value : null, tablePath)
  return target === tablePath || target.startsWith(`${tablePath}?`) ? target : tablePath
}

/**
 * The answer of a console form: without JavaScript a redirect back to the table (same filters and page)
 * with the toast; with it (`_js=1`, set by the fetcher) the toast alone, and the fetcher revalidates the table.
 */
export async function consoleReply(form: FormData, back: string, toast: ToastInput, status = 200) {
  if (form.get('_js') === '1') return data({ ok: status < 400 }, { status, headers: await createToastHeaders(toast) })
  return redirectWithToast(back, toast)
}

/** The toast of an API refusal: its message in the user's language (the API answered in it). */
export function refusalToast(error: unknown): ToastInput {
  if (!(error instanceof ApiError) || error.status >= 500) throw error
  return { type: 'error', message: error.body.message }
}

/** A row action of the Users, Events or Places table: validated, sent as PATCH /admin/{users|posts}/{id}. */
export async function handleRowAction(request: Request, api: Api, kind: TableKind) {
  const form = await readFormData(request)
  const back = tableBackTo(form.get('back'), `/moderation/${kind}`)
  const submission = parseWithZod(form, { schema: moderationDecisionFormSchema })
  if (submission.status !== 'success') {
    const reasonError = submission.error?.reason?.[0]
    return consoleReply(form, back, { type: 'error', message: reasonError ? `validation:${reasonError}` : 'validation:invalidValue' }, 400)
  }
  const { intent, id, reason } = submission.value
  if (kind === 'users' && (intent === 'delete' || intent === 'restore'))
    return consoleReply(form, back, { type: 'error', message: 'validation:invalidValue' }, 400)
  try {
    const body = { ...decisionPatch(intent), reason }
    if (kind === 'users') await ok(api.typed.PATCH('/admin/users/{id}', { params: { path: { id } }, body }))
    else await ok(api.typed.PATCH('/admin/posts/{id}', { params: { path: { id } }, body }))
  } catch (error) {
    const toast = refusalToast(error)
    return consoleReply(form, back, toast, (error as ApiError).status)
  }
  return consoleReply(form, back, { type: 'success', message: `moderation:toast.${intent satisfies ModerationIntent}` })
}

/** The data of the Events or Places table: its rows, filters, columns, and whether Edit is offered. */
export async function loadPostsTable(request: Request, api: Api, kind: 'events' | 'places', canEdit: boolean) {
  const query = tableQuery(new URL(request.url), kind)
  const { columns, setCookie } = chosenColumns(request, kind)
  const path = kind === 'events' ? '/admin/events' : '/admin/places'
  const { page, queryError } = await pageOrQueryError(ok(api.typed.GET(path, { params: { query } })), { events: [], ...EMPTY_PAGE })
  return { page, query, columns, canEdit, queryError, setCookie }
}

/** The data of the Users table. */
export async function loadUsersTable(request: Request, api: Api, canEdit: boolean) {
  const query = tableQuery(new URL(request.url), 'users')
  const { columns, setCookie } = chosenColumns(request, 'users')
  const { page, queryError } = await pageOrQueryError(ok(api.typed.GET('/admin/users', { params: { query } })), { users: [], ...EMPTY_PAGE })
  return { page, query, columns, canEdit, queryError, setCookie }
}

/** The data of the Log tab (?targetType, ?targetId narrow it). */
export async function loadLog(request: Request, api: Api) {
  const query = queryOf(new URL(request.url), ['page', 'targetType', 'targetId'])
  const { page, queryError } = await pageOrQueryError(ok(api.typed.GET('/admin/log', { params: { query } })), { entries: [], ...EMPTY_PAGE })
  return { log: page, query, queryError }
}

/** The data of the Reports tab (?status, ?targetType). */
export async function loadReports(request: Request, api: Api) {
  const query = queryOf(new URL(request.url), ['status', 'targetType', 'page'])
  const { page, queryError } = await pageOrQueryError(ok(api.typed.GET('/admin/reports', { params: { query } })), { reports: [], ...EMPTY_PAGE })
  return { queue: page, query, queryError }
}

/** The console's frame: the count of OPEN reports (and of overdue ones) and the age of the oldest, in hours. */
export async function loadConsoleSummary(api: Api) {
  const summary = await ok(api.typed.GET('/admin/reports/summary'))
  const oldestHours = summary.oldestOpenAt ? Math.max(0, Math.floor((Date.now() - Date.parse(summary.oldestOpenAt)) / 3_600_000)) : null
  return { reports: summary, oldestHours }
}

/** A decision on a report of the Reports tab (one row's form): closes it, or all of its target's. */
export async function decideReport(request: Request, api: Api) {
  const form = await readFormData(request)
  const back = tableBackTo(form.get('back'), '/moderation/reports')
  const submission = parseWithZod(form, { schema: reportDecisionFormSchema })
  if (submission.status !== 'success') {
    const noteError = submission.error?.resolutionNote?.[0]
    return consoleReply(
      form,
      back,
      { type: 'error', message: `validation:${noteError ?? 'invalidValue'}` },
      400,
    )
  }
  try {
    await ok(
      api.typed.PATCH('/admin/reports/{id}', {
        params: { path: { id: submission.value.id } },
        body: reportDecisionPatch(submission.value),
      }),
    )
  } catch (error) {
    return consoleReply(form, back, refusalToast(error), (error as ApiError).status)
  }
  return consoleReply(form, back, {
    type: 'success',
    message: `moderation:reports.toast.${submission.value.decision}`,
  })
}
