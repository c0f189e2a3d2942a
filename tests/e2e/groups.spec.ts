// Organizer groups in the browser (issue 45), with JavaScript on and off: a person makes a group (a bad handle is
// said and kept), invites someone by username (an unknown one is said and kept), the invitee accepts from /groups and
// posts an event as the group, whose page lists it and whose event names it; roles change, the last owner cannot
// leave until they make someone else an owner; visitors are asked to sign in to follow, people follow and unfollow.
import type { Page } from '@playwright/test'
import { expect, test, waitForHydration } from './fixtures'
import { callApiAs, createEventViaApi, photoFile, waitForApp } from './event-fixtures'

const toast = (page: Page) => page.getByTestId('toast')

/** Presses a button once the page runs (with JavaScript), so the enhanced path is the one tested. */
async function press(page: Page, name: string | RegExp, javaScriptEnabled: boolean, scope = page.locator('body')) {
  const button = scope.getByRole('button', { name, exact: typeof name === 'string' })
  if (javaScriptEnabled) await waitForHydration(button)
  await button.click()
}

test('make a group, invite by username, accept, post as the group; its page and its event name it', async ({ browser, page, createUser, signIn, javaScriptEnabled }) => {
  test.setTimeout(90_000)
  const [owner, editor] = [await createUser(), await createUser()]
  const handle = `walkers_${Date.now().toString(36)}${javaScriptEnabled ? 'j' : 'n'}`
  await signIn(page, owner)
  await page.goto('/groups')
  await page.getByRole('link', { name: 'New group' }).click()
  await expect(page.getByRole('heading', { name: 'New group', level: 1 })).toBeVisible()
  await page.getByLabel('Name').fill('Night Walkers')
  await page.getByLabel('Handle').fill('No Spaces!')
  await press(page, 'Create group', javaScriptEnabled)
  await expect(page.getByText('Use 4 to 30 lowercase latin letters, digits or underscores, e.g. river_runners.')).toBeVisible()
  await expect(page.getByLabel('Handle')).toHaveValue('No Spaces!')
  await expect(page.getByLabel('Name')).toHaveValue('Night Walkers')
  await page.getByLabel('Handle').fill(handle)
  await page.getByLabel('About the group').fill('We walk at night.')
  await press(page, 'Create group', javaScriptEnabled)
  await expect(toast(page)).toContainText('Group created')
  await expect(page).toHaveURL(new RegExp(`/groups/${handle}$`))
  await expect(page.getByRole('heading', { name: 'Night Walkers', level: 1 })).toBeVisible()
  await expect(page.getByText('You are owner of this group.')).toBeVisible()

  // Members: an unknown username is said and kept; the editor's is invited.
  await page.getByRole('link', { name: 'Members' }).click()
  const who = page.getByLabel('Username or email address')
  await who.fill('nobody_has_this_name')
  await press(page, 'Send invitation', javaScriptEnabled)
  await expect(page.getByText(/Nobody has this username/)).toBeVisible()
  await expect(who).toHaveValue('nobody_has_this_name')
  await who.fill(editor.username)
  await page.getByLabel('Joins as').selectOption('editor')
  await press(page, 'Send invitation', javaScriptEnabled)
  await expect(toast(page)).toContainText('Invitation sent.')
  await expect(page.getByTestId('group-pending')).toContainText(`@${editor.username} · editor`)
  // Open for 30 days: the list says until when.
  await expect(page.getByTestId('group-pending')).toContainText(/Open until \d\d \w{3} \d{4}, \d\d:\d\d/)

  // The editor answers from /groups, then posts as the group.
  const context = await browser.newContext({ javaScriptEnabled })
  const editorPage = await context.newPage()
  await signIn(editorPage, editor)
  await editorPage.goto('/groups')
  const invitation = editorPage.getByTestId('group-invitation')
  await expect(invitation).toContainText('Night Walkers')
  await expect(invitation).toContainText(/Open until \d\d \w{3} \d{4}/)
  await press(editorPage, 'Accept', javaScriptEnabled, invitation)
  await expect(toast(editorPage)).toContainText('You joined the group.')
  await expect(editorPage.getByText('You are editor of this group.')).toBeVisible()
  await editorPage.getByTestId('group-new-event').click()
  await expect(editorPage.getByLabel('Post as')).toHaveValue(handle)
  const event = await createEventViaApi(editor, { title: `Moonlight walk ${handle}`, group: handle })
  await editorPage.goto(`/groups/${handle}`)
  await expect(editorPage.getByTestId('group-events')).toContainText(`Moonlight walk ${handle}`)
  await editorPage.goto(`/event/${event._id}`)
  await expect(editorPage.getByTestId('organizer-group')).toHaveText('Night Walkers')
  await context.close()
})

test('roles: the last owner cannot leave; after making someone else an owner, they can', async ({ page, createUser, signIn, javaScriptEnabled }) => {
  test.setTimeout(90_000)
  const [owner, member] = [await createUser(), await createUser()]
  const handle = `roles_${Date.now().toString(36)}${javaScriptEnabled ? 'j' : 'n'}`
  await callApiAs(owner, 'POST', '/groups', { handle, name: 'Choir' }, 201)
  const invited = await callApiAs(owner, 'POST', `/groups/${handle}/invitations`, { who: member.username, role: 'member' }, 201)
  await callApiAs(member, 'POST', `/groups/invitations/${invited.id as string}/respond`, { accept: true })
  await signIn(page, owner)

  await page.goto(`/groups/${handle}`)
  await press(page, 'Leave the group', javaScriptEnabled)
  await expect(toast(page)).toContainText('A group needs an owner')
  await expect(page.getByText('You are owner of this group.')).toBeVisible()

  await page.goto(`/groups/${handle}/members`)
  // The other member's row (every test user is called Tester): the one not marked as the viewer.
  const row = page.getByTestId('group-member').filter({ hasNotText: '(you)' })
  await row.getByLabel(/Role of/).selectOption('editor')
  await press(page, 'Change', javaScriptEnabled, row)
  await expect(toast(page)).toContainText('Role changed.')
  await expect(row).toContainText('editor ·')
  await press(page, 'Make owner', javaScriptEnabled, row)
  await expect(toast(page)).toContainText('They are an owner now; you are an admin.')

  await page.goto(`/groups/${handle}`)
  await expect(page.getByText('You are admin of this group.')).toBeVisible()
  await press(page, 'Leave the group', javaScriptEnabled)
  await expect(toast(page)).toContainText('You left the group.')
  await expect(page.getByText(/You are .* of this group/)).toHaveCount(0)
})

test('follow: visitors are asked to sign in; people follow and unfollow; the feeds and the embed are linked', async ({ page, createUser, signIn, javaScriptEnabled }) => {
  const owner = await createUser()
  const handle = `follow_${Date.now().toString(36)}${javaScriptEnabled ? 'j' : 'n'}`
  await callApiAs(owner, 'POST', '/groups', { handle, name: 'Garden club' }, 201)
  await page.goto(`/groups/${handle}`)
  await expect(page.getByRole('link', { name: 'Sign in to follow' })).toBeVisible()
  // Its feeds and the embed are linked from the page.
  await expect(page.getByTestId('group-atom-link')).toHaveAttribute('href', new RegExp(`/calendar/group/${handle}\\.atom$`))
  await expect(page.getByTestId('embed-link')).toHaveAttribute('href', `/embed?group=${handle}`)
  const reader = await createUser()
  await signIn(page, reader)
  await page.goto(`/groups/${handle}`)
  await press(page, 'Follow', javaScriptEnabled)
  await expect(toast(page)).toContainText('You follow this group')
  await expect(page.getByText('1 follower')).toBeVisible()
  await press(page, 'Unfollow', javaScriptEnabled)
  await expect(toast(page)).toContainText('You no longer follow this group.')
  await expect(page.getByText('0 followers')).toBeVisible()
})

test('report a group: a stranger reports it from its page; the moderator finds it in Reports and is sent to Groups to decide', async ({ page, browser, createUser, signIn, javaScriptEnabled }) => {
  const [owner, reporter, moderator] = await Promise.all([createUser(), createUser(), createUser({ role: 'admin' })])
  const handle = `report_${Date.now().toString(36)}${javaScriptEnabled ? 'j' : 'n'}`
  await callApiAs(owner, 'POST', '/groups', { handle, name: 'Ticket touts' }, 201)
  // Its owner has nothing to report.
  await signIn(page, owner)
  await page.goto(`/groups/${handle}`)
  await expect(page.getByTestId('report-link')).toHaveCount(0)
  await signIn(page, reporter)
  await page.goto(`/groups/${handle}`)
  await page.getByTestId('report-link').click()
  await expect(page).toHaveURL(new RegExp(`/groups/${handle}/report$`))
  const drawer = page.getByTestId('report-drawer')
  await expect(drawer.getByRole('heading', { name: 'Report the group “Ticket touts”' })).toBeVisible()
  await drawer.getByLabel('Fraud or scam').check()
  await drawer.getByLabel('Details').fill('Sells tickets to free walks.')
  await drawer.getByRole('button', { name: 'Send report' }).click()
  await expect(toast(page)).toContainText('Thank you! Moderators will review your report')
  await expect(page).toHaveURL(new RegExp(`/groups/${handle}$`))

  const moderatorContext = await browser.newContext({ javaScriptEnabled })
  const moderatorPage = await moderatorContext.newPage()
  await signIn(moderatorPage, moderator)
  await moderatorPage.goto('/moderation/reports?targetType=GROUP')
  const row = moderatorPage.locator('tbody tr', { has: moderatorPage.getByRole('link', { name: `Ticket touts (@${handle})` }) })
  await expect(row).toContainText('Sells tickets to free walks.')
  // Only closing is done here: the group's decisions are in Groups.
  await expect(row.getByRole('button', { name: 'Reject Info' })).toHaveCount(0)
  await row.getByRole('link', { name: 'Suspend or delete it in Groups' }).click()
  await expect(moderatorPage).toHaveURL(new RegExp(`/moderation/groups\\?q=${handle}$`))
  await expect(moderatorPage.getByText(`@${handle}`)).toBeVisible()
  await moderatorContext.close()
})

test('picture: an admin uploads the group’s picture in its settings; its page shows it; removing it brings the letter back', async ({ page, createUser, signIn, javaScriptEnabled }) => {
  const owner = await createUser()
  const handle = `pic_${Date.now().toString(36)}${javaScriptEnabled ? 'j' : 'n'}`
  await callApiAs(owner, 'POST', '/groups', { handle, name: 'Photo walkers' }, 201)
  await signIn(page, owner)
  await page.goto(`/groups/${handle}/settings`)
  if (javaScriptEnabled) await waitForApp(page)
  await page.getByLabel('Photo (JPEG, PNG or WebP, up to 10 MB)').setInputFiles(await photoFile('club.jpg', '#3366cc'))
  await page.getByRole('button', { name: 'Upload' }).click()
  await expect(toast(page)).toContainText('The data has been sent!')
  await expect(page.getByRole('button', { name: 'Remove the picture' })).toBeVisible()
  await page.goto(`/groups/${handle}`)
  const picture = page.locator('header img')
  await expect(picture).toHaveAttribute('src', /\/uploads\/avatars\/[a-f0-9]{32}_thumb\.webp$/)
  expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
  await page.goto(`/groups/${handle}/settings`)
  await page.getByRole('button', { name: 'Remove the picture' }).click()
  await expect(toast(page)).toContainText('The file has been deleted!')
  await page.goto(`/groups/${handle}`)
  await expect(page.locator('header img')).toHaveCount(0)
})

test('an unknown group is the not-found page; a stranger gets 403 on its members and settings', async ({ page, createUser, signIn }) => {
  const owner = await createUser()
  const handle = `closed_${Date.now().toString(36)}`
  await callApiAs(owner, 'POST', '/groups', { handle, name: 'Closed circle' }, 201)
  expect((await page.goto('/groups/no_such_group_here'))?.status()).toBe(404)
  await signIn(page, await createUser())
  expect((await page.goto(`/groups/${handle}/members`))?.status()).toBe(403)
  expect((await page.goto(`/groups/${handle}/settings`))?.status()).toBe(403)
})

test('Console → Groups: a moderator approves a group, is asked for a reason to suspend it, suspends it; its owner sees why', async ({ page, createUser, signIn, javaScriptEnabled }) => {
  const [moderator, owner] = await Promise.all([createUser({ role: 'admin' }), createUser()])
  const handle = `console_${Date.now().toString(36)}${javaScriptEnabled ? 'j' : 'n'}`
  await callApiAs(owner, 'POST', '/groups', { handle, name: 'Flea market' }, 201)
  await signIn(page, moderator)
  await page.goto(`/moderation/groups?status=PENDING&q=${handle}`)
  const row = page.getByTestId('console-group').filter({ hasText: `@${handle}` })
  await expect(row.getByTestId('console-group-status')).toContainText('not approved yet')
  await press(page, 'Save', javaScriptEnabled, row)
  await expect(toast(page)).toContainText(`Saved the decision on @${handle}.`)

  await page.goto(`/moderation/groups?q=${handle}`)
  const again = page.getByTestId('console-group').filter({ hasText: `@${handle}` })
  await expect(again.getByTestId('console-group-status')).toHaveText('active')
  await again.getByLabel('Decision').selectOption('SUSPEND')
  await press(page, 'Save', javaScriptEnabled, again)
  await expect(again.getByText('This field is required!')).toBeVisible()
  await again.getByLabel('Reason (shown to its members)').fill('Spam')
  await press(page, 'Save', javaScriptEnabled, again)
  await expect(toast(page)).toContainText(`Saved the decision on @${handle}.`)
  await expect(page.getByTestId('console-group').filter({ hasText: `@${handle}` }).getByTestId('console-group-status')).toContainText('suspended')
  await expect(page.getByTestId('console-group').filter({ hasText: `@${handle}` })).toContainText('Spam')

  // Its owner sees why on the group's page.
  await signIn(page, owner)
  await page.goto(`/groups/${handle}`)
  await expect(page.getByText('A moderator suspended this group')).toBeVisible()
  await expect(page.getByText('Reason: Spam')).toBeVisible()
})
