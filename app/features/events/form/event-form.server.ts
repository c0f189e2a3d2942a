// Loader and action of the event/place form (SPEC §5): /event/new, /place/new, /event/{id}/edit, and the
// console's post editor (/moderation/{events|places}/{id}: a super admin edits any post, with its statuses).
// The action handles intents: "searchAddress" (no JavaScript: the address's candidates come back as
// radio options), "removePhoto:<name>" (edit), and the submit itself. Whatever comes back keeps every
// typed value and the photos (staged, see app/features/photos/staging.server.ts).
import { parseWithZod } from '@conform-to/zod/v4'
import { data } from '@remix-run/node'
import {
  type Event,
  eventWebFormSchema,
  type EventType,
  type GeoItem,
  can,
  canInGroup,
  type User,
  adminPostStatusesFormSchema,
  webFieldOf,
  isWebMessageCode,
} from '#contract'
import { localInputToIso } from '~/features/events/format'
import { replyWithApiError } from '~/utils/submission.server'
import { ApiError, ok, type Api } from '~/utils/api.server'
import { readFormData } from '~/utils/form.server'
import { requireActivatedUser, requirePermission } from '~/utils/auth.server'
import { getEnv } from '~/utils/env.server'
import { redirectWithToast } from '~/utils/toast.server'
import { discardStaged, readStaged, stagePhotos, type StagedPhoto } from '~/features/photos/staging.server'
import type { EventFormActionData, EventFormLoaderData } from './types'

export type EventFormTarget =
  | { kind: 'create'; eventType: EventType }
  | { kind: 'edit'; id: string }
  /** The console's editor; `back` is the table (with its filters) to return to. */
  | { kind: 'moderate'; id: string; eventType: EventType; back: string }

async function guard(request: Request, target: EventFormTarget) {
  if (target.kind === 'create' && target.eventType === 'PLACE') return requirePermission(request, 'createPlace')
  if (target.kind === 'moderate') return requirePermission(request, 'editAnyContent')
  return requireActivatedUser(request)
}

/** Any post of the given type, as a moderator sees it (rejected and deleted ones too). */
async function moderatedEvent(api: Api, id: string, eventType: EventType): Promise<Event> {
  try {
    const event = await ok(api.typed.GET('/event/{id}', { params: { path: { id } } }))
    if (event.eventType !== eventType) throw data({}, { status: 404 })
    return event
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) throw data({}, { status: 404 })
    throw error
  }
}

async function targetEvent(api: Api, target: EventFormTarget): Promise<Event | null> {
  if (target.kind === 'edit') return ownEvent(api, target.id)
  if (target.kind === 'moderate') return moderatedEvent(api, target.id, target.eventType)
  return null
}

async function ownEvent(api: Api, id: string): Promise<Event> {
  let event: Event
  try {
    event = await ok(api.typed.GET('/event/{id}', { params: { path: { id } } }))
  } catch (error) {
    if (error instanceof ApiError && error.status < 500)
      throw data({ guard: error.status === 403 ? 'forbidden' : undefined }, { status: error.status === 403 ? 403 : 404 })
    throw error
  }
  if (!event.isOwner) throw data({ guard: 'forbidden' }, { status: 403 })
  return event
}

export async function eventFormLoader(request: Request, target: EventFormTarget) {
  const { user, api } = await guard(request, target)
  const event = await targetEvent(api, target)
  const eventType = event?.eventType ?? (target.kind === 'create' ? target.eventType : 'EVENT')
  const body: EventFormLoaderData = { eventType, isAdmin: can(user.role, 'eventAdminFields'), event }
  if (target.kind === 'create' && eventType === 'EVENT') {
    body.groups = await groupsToPostAs(api)
    const asked = new URL(request.url).searchParams.get('group')
    if (asked && body.groups.some((group) => group.handle === asked)) body.group = asked
  }
  return data(body)
}

/** The active groups in which the person may post events (contract GROUP_PERMISSIONS postEvents). */
async function groupsToPostAs(api: Api): Promise<{ handle: string; name: string }[]> {
  const { items } = await ok(api.typed.GET('/groups/my'))
  return items.filter((group) => group.status === 'ACTIVE' && canInGroup(group.viewer.role, 'postEvents')).map(({ handle, name }) => ({ handle, name }))
}

function ruleOptions(user: User, eventType: EventType, event: Event | null) {
  const { TIME_ZONE } = getEnv()
  return {
    eventType,
    existingPhotos: event?.images.length ?? 0,
    lockedAccessType: event?.accessType,
    isAdmin: can(user.role, 'eventAdminFields'),
    existingStartDate: event?.startDate ?? null,
    existingEndDate: event?.endDate ?? null,
    toIso: (local: string) => localInputToIso(local, TIME_ZONE),
  }
}

/** The status selects of the console's editor (a select left on its current value changes nothing). */
function moderationStatusesOf(form: FormData) {
  const parsed = adminPostStatusesFormSchema.safeParse(Object.fromEntries(form))
  return parsed.success ? parsed.data : {}
}

/** POST /event's multipart body: JSON strings for the structured fields (SPEC §7). */
function multipart(fields: Record<string, unknown>, photos: File[]) {
  const form = new FormData()
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue
    form.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value))
  }
  for (const photo of photos) form.append('files', photo, photo.name)
  return form
}

export async function eventFormAction(request: Request, target: EventFormTarget) {
  const { user, api } = await guard(request, target)
  const event = await targetEvent(api, target)
  const eventType: EventType = event?.eventType ?? (target.kind === 'create' ? target.eventType : 'EVENT')
  const form = await readFormData(request)
  // Where this form lives (the console's editor keeps the table's filters in its URL).
  const formPath = target.kind === 'moderate' ? `${new URL(request.url).pathname}${new URL(request.url).search}` : `/event/${event?._id}/edit`
  const moderated = target.kind === 'moderate' && event ? { event, back: target.back } : null
  const intent = String(form.get('intent') ?? 'submit')
  // Without JavaScript the point comes from the chosen address candidate.
  const candidate = form.get('candidate')
  if (typeof candidate === 'string' && candidate) form.set('point', candidate)

  if (event && intent.startsWith('removePhoto:')) {
    const name = intent.slice('removePhoto:'.length)
    try {
      if (moderated)
        await ok(
          api.typed.DELETE('/admin/posts/{postId}/{userId}', {
            params: { path: { postId: event._id, userId: event.postedBy._id } },
            body: { name },
          }),
        )
      else await ok(api.typed.DELETE('/event/{id}/upload', { params: { path: { id: event._id } }, body: { name } }))
    } catch (error) {
      if (!(error instanceof ApiError) || error.status >= 500) throw error
      return redirectWithToast(formPath, { type: 'error', message: error.body.message })
    }
    return redirectWithToast(formPath, { message: 'photoRemoved' })
  }

  const newFiles = form.getAll('files').filter((value): value is File => value instanceof File && value.size > 0)
  const unstaged = new Set(form.getAll('unstage').map(String))
  const stagedTokens = form.getAll('staged').map(String).filter((token) => !unstaged.has(token))
  await discardStaged(api, [...unstaged])
  const staged = await readStaged(api, stagedTokens)

  /**
   * Anything but a success: the form again, with the photos kept for the next post. Photos the API will not keep
   * (the person's staging quota is full) are said on the photos field; what was typed comes back all the same.
   */
  async function again(result: EventFormActionData['result'], extra: Partial<EventFormActionData> = {}, status = 400) {
    let fresh: StagedPhoto[] = []
    try {
      fresh = await stagePhotos(api, newFiles)
    } catch (error) {
      if (!(error instanceof ApiError) || error.status >= 500) throw error
      const code = isWebMessageCode(error.body.code) ? error.body.code : 'uploadFailed'
      result = { ...result, error: { ...result?.error, files: [code] } }
      status = error.status
    }
    const keptPhotos: StagedPhoto[] = [...staged.map(({ token, name, type }) => ({ token, name, type })), ...fresh]
    return data<EventFormActionData>({ result, staged: keptPhotos, candidates: null, ...extra }, { status })
  }

  const submission = parseWithZod(form, { schema: eventWebFormSchema(ruleOptions(user, eventType, event)) })

  if (intent === 'searchAddress') {
    const q = String(form.get('address') ?? '').trim()
    let candidates: GeoItem[] = []
    if (q) {
      try {
        candidates = (await ok(api.typed.GET('/geo/search', { params: { query: { q } } }))).items
      } catch (error) {
        if (!(error instanceof ApiError)) throw error
      }
    }
    // Only the typed values come back here: errors wait for a real submit.
    return again({ ...submission.reply(), status: undefined, error: undefined }, { candidates }, 200)
  }

  if (submission.status !== 'success') return again(submission.reply())

  const payload = submission.value
  // Hand-written calls (decision 017): POST /event and POST /event/{id}/upload send multipart bodies, and
  // PUT /event/{id} reads its JSON (or multipart) body itself: the API's OpenAPI document declares no
  // request body for any of them, so the typed client has no body type to check.
  try {
    if (!event) {
      const photos = [...staged.map((photo) => photo.file), ...newFiles]
      const created = await api.post<Event>('/event', multipart(payload, photos))
      await discardStaged(api, stagedTokens)
      return redirectWithToast(`/event/${created._id}`, { message: eventType === 'PLACE' ? 'placeAdded' : 'eventCreated' })
    }
    const photos = [...staged.map((photo) => photo.file), ...newFiles]
    if (moderated) {
      // The console: the form and the statuses in one PATCH (superAdmin), then the new photos.
      const statuses = moderationStatusesOf(form)
      await ok(
        api.typed.PATCH('/admin/posts/{id}', {
          params: { path: { id: event._id } },
          body: { ...payload, ...statuses, accessType: undefined, eventType: undefined, joinApproval: undefined },
        }),
      )
      if (photos.length) await api.post(`/admin/posts/${event._id}/${event.postedBy._id}`, multipart({}, photos))
      await discardStaged(api, stagedTokens)
      return redirectWithToast(moderated.back, { message: 'changesApplied' })
    }
    // Edit: the access type, approval (decision 042) and a place's type never change (the API refuses it; SPEC §4).
    // A date of a series: this one only, or this and the following (decision 041).
    const scope = event.series && form.get('scope') === 'following' ? '?scope=following' : ''
    await api.put(`/event/${event._id}${scope}`, {
      ...payload,
      accessType: event.accessType,
      joinApproval: event.joinApproval,
      eventType: event.eventType,
    })
    if (photos.length) await api.post(`/event/${event._id}/upload`, multipart({}, photos))
    await discardStaged(api, stagedTokens)
    return redirectWithToast(`/event/${event._id}`, { message: 'changesApplied' })
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error
    // The API names its fields (`repeat.weekdays`); the form has its own (`repeatWeekdays`).
    const errors = Object.fromEntries(Object.entries(error.body.errors).map(([key, messages]) => [webFieldOf(key), messages]))
    const result = replyWithApiError(submission, new ApiError(error.status, { ...error.body, errors }))
    return again(result)
  }
}

