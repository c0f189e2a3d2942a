// Organizer groups on the web (issue 45): the list (/groups), a group's page (/groups/{handle}), its members
// (/groups/{handle}/members), its settings (/groups/{handle}/settings) and the new-group form (/groups/new), over the
// API's /groups calls. Plain forms throughout: each action redirects with a toast, with or without JavaScript; the
// API checks every right again (contract GROUP_PERMISSIONS), the pages only hide what the viewer's role cannot do.
import { data } from '@remix-run/node'
import {
  canInGroup,
  createGroupBodySchema,
  type Group,
  type GroupPermission,
  groupPageIntentSchema,
  groupPeopleIntentSchema,
  groupSettingsIntentSchema,
} from '#contract'
import { requireActivatedUser } from '~/utils/auth.server'
import { type Api, ApiError, getApi, ok } from '~/utils/api.server'
import { readFormData } from '~/utils/form.server'
import { apiFailure, invalid, parseWithZod } from '~/utils/submission.server'
import { redirectWithToast } from '~/utils/toast.server'
import { avatarIntent, avatarToast } from '~/features/photos/avatar-intent.server'

const groupPath = (handle: string) => `/groups/${handle}`

/** A page number of `?page=` (1 when absent); anything else is the not-found page. */
function pageOf(url: URL): number {
  const param = url.searchParams.get('page')
  const page = param === null ? 1 : Number(param)
  if (!Number.isInteger(page) || page < 1 || page > 10_000) throw data(null, { status: 404 })
  return page
}

/** GET /groups/{handle}; a group the API does not show this viewer is the not-found page. */
export async function fetchGroup(api: Api, handle: string | undefined): Promise<Group> {
  if (!handle) throw data(null, { status: 404 })
  try {
    return await ok(api.typed.GET('/groups/{handle}', { params: { path: { handle } } }))
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) throw data(null, { status: 404 })
    throw error
  }
}

/** The viewer's role in the group must allow `action`; else the 403 screen (the API would refuse it too). */
function requireGroupRole(group: Group, action: GroupPermission) {
  if (!canInGroup(group.viewer.role, action)) throw data({ guard: 'forbidden' }, { status: 403 })
}

/** 503 for the API's own failures; its refusals come back to the form (field errors) or as a toast. */
function refusal(submission: Parameters<typeof apiFailure>[0], error: unknown, toast = true) {
  if (error instanceof ApiError && error.status >= 500) throw data(null, { status: 503 })
  return apiFailure(submission, error, { toast })
}

/** A side list the account may not have (not activated yet: 403): none. The API's own failures still fail the page. */
function notForThisAccount(error: unknown): null {
  if (error instanceof ApiError && error.status < 500) return null
  throw error
}

export async function loadGroupList(request: Request) {
  const api = await getApi(request)
  const url = new URL(request.url)
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, 100)
  const page = pageOf(url)
  const signedIn = api.isSignedIn()
  const [list, mine, invitations] = await Promise.all([
    ok(api.typed.GET('/groups', { params: { query: { q: q || undefined, page } } })).catch((error) => {
      if (error instanceof ApiError && error.status === 400) throw data(null, { status: 404 })
      throw error
    }),
    signedIn ? ok(api.typed.GET('/groups/my')).catch(notForThisAccount) : null,
    signedIn ? ok(api.typed.GET('/groups/invitations/my')).catch(notForThisAccount) : null,
  ])
  return { q, page, groups: list.items, hasMore: list.hasMore, mine: mine?.items ?? [], invitations: invitations?.items ?? [], signedIn }
}

/** The list's Accept and Decline of an invitation (the group's page has its own). */
export async function groupListAction(request: Request) {
  const { api } = await requireActivatedUser(request)
  const submission = parseWithZod(await readFormData(request), { schema: groupPageIntentSchema })
  if (submission.status !== 'success') return invalid(submission)
  const value = submission.value
  if (value.intent !== 'accept' && value.intent !== 'decline') return invalid(submission)
  try {
    const answer = await ok(api.typed.POST('/groups/invitations/{id}/respond', { params: { path: { id: value.invitationId } }, body: { accept: value.intent === 'accept' } }))
    return value.intent === 'accept' ? redirectWithToast(groupPath(answer.handle), { message: 'joinedGroup' }) : redirectWithToast('/groups', { message: 'groupDeclined' })
  } catch (error) {
    return refusal(submission, error)
  }
}

export async function loadGroupPage(request: Request, handle: string | undefined) {
  const api = await getApi(request)
  const url = new URL(request.url)
  const when = url.searchParams.get('when') === 'past' ? 'past' : 'upcoming'
  const page = pageOf(url)
  const group = await fetchGroup(api, handle)
  const events = await ok(api.typed.GET('/groups/{handle}/events', { params: { path: { handle: group.handle }, query: { when, page } } }))
  return { group, when, page, events: events.events, hasMore: events.hasMore, signedIn: api.isSignedIn() }
}

export async function groupPageAction(request: Request, handle: string | undefined) {
  const { api } = await requireActivatedUser(request)
  const group = await fetchGroup(api, handle)
  const submission = parseWithZod(await readFormData(request), { schema: groupPageIntentSchema })
  if (submission.status !== 'success') return invalid(submission)
  const value = submission.value
  const path = { params: { path: { handle: group.handle } } }
  try {
    switch (value.intent) {
      case 'follow':
      case 'unfollow':
        await ok(api.typed.PUT('/groups/{handle}/follow', { ...path, body: { follow: value.intent === 'follow' } }))
        return redirectWithToast(groupPath(group.handle), { message: value.intent === 'follow' ? 'groupFollowed' : 'groupUnfollowed' })
      case 'leave':
        await ok(api.typed.POST('/groups/{handle}/leave', path))
        return redirectWithToast(groupPath(group.handle), { message: 'groupLeft' })
      case 'accept':
      case 'decline':
        await ok(api.typed.POST('/groups/invitations/{id}/respond', { params: { path: { id: value.invitationId } }, body: { accept: value.intent === 'accept' } }))
        return redirectWithToast(groupPath(group.handle), { message: value.intent === 'accept' ? 'joinedGroup' : 'groupDeclined' })
    }
  } catch (error) {
    return refusal(submission, error)
  }
}

export async function createGroupAction(request: Request) {
  const { api } = await requireActivatedUser(request)
  const submission = parseWithZod(await readFormData(request), { schema: createGroupBodySchema.strip() })
  if (submission.status !== 'success') return invalid(submission)
  try {
    const made = await ok(api.typed.POST('/groups', { body: submission.value }))
    return redirectWithToast(groupPath(made.handle), { message: 'groupCreated' })
  } catch (error) {
    return refusal(submission, error, false)
  }
}

/** The members page: everyone in the group sees who is in it; managers also the invitations waiting. */
export async function loadGroupPeople(request: Request, handle: string | undefined) {
  const { api, user } = await requireActivatedUser(request)
  const group = await fetchGroup(api, handle)
  requireGroupRole(group, 'seeMembers')
  const path = { params: { path: { handle: group.handle } } }
  const [members, invitations] = await Promise.all([
    ok(api.typed.GET('/groups/{handle}/members', path)),
    canInGroup(group.viewer.role, 'manageMembers') ? ok(api.typed.GET('/groups/{handle}/invitations', path)) : null,
  ])
  return { group, members: members.items, invitations: invitations?.items ?? null, me: user._id }
}

export async function groupPeopleAction(request: Request, handle: string | undefined) {
  const { api } = await requireActivatedUser(request)
  const group = await fetchGroup(api, handle)
  requireGroupRole(group, 'manageMembers')
  const submission = parseWithZod(await readFormData(request), { schema: groupPeopleIntentSchema })
  if (submission.status !== 'success') return invalid(submission)
  const value = submission.value
  const here = `${groupPath(group.handle)}/members`
  const member = (userId: string) => ({ params: { path: { handle: group.handle, userId } } })
  try {
    switch (value.intent) {
      case 'invite':
        await ok(api.typed.POST('/groups/{handle}/invitations', { params: { path: { handle: group.handle } }, body: { who: value.who, role: value.role } }))
        return redirectWithToast(here, { message: 'groupInvited' })
      case 'role':
        await ok(api.typed.PATCH('/groups/{handle}/members/{userId}', { ...member(value.userId), body: { role: value.role } }))
        return redirectWithToast(here, { message: 'groupRoleChanged' })
      case 'remove':
        await ok(api.typed.DELETE('/groups/{handle}/members/{userId}', member(value.userId)))
        return redirectWithToast(here, { message: 'groupMemberRemoved' })
      case 'transfer':
        await ok(api.typed.POST('/groups/{handle}/transfer', { params: { path: { handle: group.handle } }, body: { userId: value.userId } }))
        return redirectWithToast(here, { message: 'groupTransferred' })
      case 'withdraw':
        await ok(api.typed.DELETE('/groups/{handle}/invitations/{id}', { params: { path: { handle: group.handle, id: value.invitationId } } }))
        return redirectWithToast(here, { message: 'groupInvitationWithdrawn' })
    }
  } catch (error) {
    // The invite form shows its refusals on its fields; the buttons' come as a toast.
    return refusal(submission, error, value.intent !== 'invite')
  }
}

export async function loadGroupSettings(request: Request, handle: string | undefined) {
  const { api } = await requireActivatedUser(request)
  const group = await fetchGroup(api, handle)
  requireGroupRole(group, 'editGroup')
  return { group }
}

export async function groupSettingsAction(request: Request, handle: string | undefined) {
  const { api } = await requireActivatedUser(request)
  const group = await fetchGroup(api, handle)
  requireGroupRole(group, 'editGroup')
  const formData = await readFormData(request)
  const here = `${groupPath(group.handle)}/settings`
  const avatar = await avatarIntent(api, formData, {
    back: here,
    uploadPath: `/groups/${encodeURIComponent(group.handle)}/avatar`,
    remove: () => ok(api.typed.DELETE('/groups/{handle}/avatar', { params: { path: { handle: group.handle } } })),
    toast: (upload, refusal) => avatarToast(request, upload, refusal),
  })
  if (avatar) return avatar
  const submission = parseWithZod(formData, { schema: groupSettingsIntentSchema })
  if (submission.status !== 'success') return invalid(submission)
  const value = submission.value
  const path = { params: { path: { handle: group.handle } } }
  try {
    if (value.intent === 'delete') {
      await ok(api.typed.DELETE('/groups/{handle}', path))
      return redirectWithToast('/groups', { message: 'groupDeleted' })
    }
    await ok(api.typed.PATCH('/groups/{handle}', { ...path, body: { name: value.name, description: value.description } }))
    return redirectWithToast(groupPath(group.handle), { message: 'groupSaved' })
  } catch (error) {
    return refusal(submission, error, value.intent === 'delete')
  }
}
