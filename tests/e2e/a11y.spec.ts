// Accessibility (issue 10, part 4). axe-core scans every page — signed out, signed in and as a super admin;
// with the menus, modals and drawers open where a page has them — and must find no serious or critical
// violation of WCAG 2.0/2.1 A and AA. Heading order (a moderate best-practice rule) and label in name
// (label-content-name-mismatch, an experimental rule axe leaves off unless asked) are enforced too.
//
// Languages and widths are covered in pairs to stay fast: every page is scanned in English at desktop width
// and in Russian at phone width (390 px); the phone-only parts (the filters drawer) in both languages.
// A second test proves that a modal or drawer keeps Tab inside and gives focus back to its opener.
// JavaScript on only: the server renders the same pages without it, and the dialogs' focus handling is JS.
import AxeBuilder from '@axe-core/playwright'
import Database from 'better-sqlite3'
import type { Locator, Page } from '@playwright/test'
import { test, expect, waitForHydration, type TestUser } from './fixtures'
import { callApiAs, createEventViaApi } from './event-fixtures'
import { e2e } from './env'

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'the same pages are scanned with JavaScript on')
test.describe.configure({ timeout: 180_000 })

type Width = 'desktop' | 'phone'
type Language = 'en' | 'ru'
const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } }
const BLOCKING_IMPACTS = new Set(['serious', 'critical'])
/** Moderate rules the issue names, kept at zero as well. */
const BLOCKING_RULES = new Set(['heading-order'])

type Visit = {
  path: string
  label?: string
  /** Opens a menu, modal or drawer before the scan. */
  open?: (page: Page, language: Language) => Promise<void>
  /** Scanned at this width whatever the pair's width (the filters drawer exists under 575 px only). */
  width?: Width
  /** The status the page answers (404, 403). */
  status?: number
}

type Finding = { where: string; rule: string; impact: string; help: string; html: string; summary: string }

/** Seeded posts and people to visit (read from the stack's database; nothing is changed). */
function demoData() {
  const db = new Database(e2e.databaseFile, { readonly: true })
  try {
    const id = (sql: string) => (db.prepare(sql).get() as { id: string }).id
    return {
      event: id(
        `SELECT id FROM posts WHERE event_type = 'EVENT' AND access_type = 'COMMON' AND post_status = 'ACTIVE'
         AND moderation_status = 'APPROVED' ORDER BY created_at LIMIT 1`,
      ),
      place: id(
        `SELECT id FROM posts WHERE event_type = 'PLACE' AND post_status = 'ACTIVE' ORDER BY created_at LIMIT 1`,
      ),
      profile: id(`SELECT id FROM users WHERE email = 'user@nearby.local'`),
      // Issue 43: the demo's event with accessibility details, and its event in person and online.
      accessible: id(`SELECT id FROM posts WHERE title = 'Open-air cinema'`),
      hybrid: id(`SELECT id FROM posts WHERE title = 'Chess tournament'`),
    }
  } finally {
    db.close()
  }
}

const text = (language: Language, en: string, ru: string) => (language === 'en' ? en : ru)

async function openDropdown(page: Page, testId: string) {
  const dropdown = page.getByTestId(testId)
  await dropdown.locator('summary').first().click()
  await expect(dropdown).toHaveAttribute('open', '')
}

async function openNewEventDialog(page: Page, language: Language) {
  await openDropdown(page, 'user-menu')
  await page
    .getByTestId('user-menu')
    .getByRole('link', { name: text(language, 'Add New Event', 'Добавить событие') })
    .click()
  await expect(page.getByRole('dialog').locator('form')).toBeVisible()
}

/** Waits until Remix has hydrated the page (a page that ships no script is ready once loaded). */
async function openDateRangeCalendar(page: Page, language: Language) {
  const search = page.getByRole('search').first()
  await search.getByRole('button', { name: language === 'ru' ? /^Любые даты/ : /^Any dates/ }).click()
  await expect(page.getByRole('dialog', { name: language === 'ru' ? 'Выбор дат' : 'Choose the dates' })).toBeVisible()
}

async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const router = (window as { __remixRouter?: { state: { initialized: boolean } } }).__remixRouter
    return !document.querySelector('script[type=module]') || Boolean(router?.state.initialized)
  })
}

/** Every blocking violation on the page as it is now, one per element. */
async function scan(page: Page, where: string): Promise<Finding[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .options({
      resultTypes: ['violations'],
      rules: { 'heading-order': { enabled: true }, 'label-content-name-mismatch': { enabled: true } },
    })
    // The map's tiles come from the fake tile server: blank images, nothing to judge.
    .exclude('.leaflet-tile-pane')
    .analyze()
  const runTogether = (await page.evaluate(runTogetherWords)).map((found) => ({
    where,
    rule: 'run-together-words',
    impact: 'serious',
    help: 'Two texts touch without a space, so a screen reader reads them as one word',
    html: found.html,
    summary: found.words,
  }))
  return results.violations
    .filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? '') || BLOCKING_RULES.has(violation.id))
    .flatMap((violation) =>
      violation.nodes.map((node) => ({
        where,
        rule: violation.id,
        impact: violation.impact ?? '',
        help: violation.help,
        html: node.html.replace(/\s+/g, ' ').slice(0, 160),
        summary: (node.failureSummary ?? '').split('\n').slice(1).join(' ').trim(),
      })),
    )
    .concat(runTogether)
}

/**
 * Inline texts that touch without a space ("30 h" + "over 24 h" is heard as "30 hover 24 h"): two inline
 * siblings, at least one an element, where a letter, digit or closing bracket meets a letter, digit or
 * opening bracket. Runs in the page.
 */
function runTogetherWords(): { html: string; words: string }[] {
  const found: { html: string; words: string }[] = []
  const inline = (node: Node) => node.nodeType === Node.TEXT_NODE || getComputedStyle(node as Element).display.startsWith('inline')
  // A control is announced on its own: two buttons side by side are two stops, not one word.
  const control = (node: Node) => node instanceof Element && node.matches('a, button, input, select, textarea, summary, [role="button"], [role="link"]')
  for (const element of document.querySelectorAll('body *')) {
    if (['SCRIPT', 'STYLE', 'TEMPLATE', 'svg'].includes(element.tagName)) continue
    // What a screen reader does not read: not rendered, or hidden from it.
    if (!element.checkVisibility() || element.closest('[aria-hidden="true"]')) continue
    const parts = [...element.childNodes].filter(
      (node) => (node.nodeType === Node.TEXT_NODE || node.nodeType === Node.ELEMENT_NODE) && (node.textContent ?? '') !== '',
    )
    for (let i = 1; i < parts.length; i += 1) {
      const [a, b] = [parts[i - 1]!, parts[i]!]
      if (a.nodeType === Node.TEXT_NODE && b.nodeType === Node.TEXT_NODE) continue
      if (!inline(a) || !inline(b) || control(a) || control(b)) continue
      const [left, right] = [a.textContent ?? '', b.textContent ?? '']
      if (/[\p{L}\p{N})]$/u.test(left) && /^[\p{L}\p{N}(]/u.test(right))
        found.push({ html: element.outerHTML.replace(/\s+/g, ' ').slice(0, 160), words: `…${left.slice(-20)}|${right.slice(0, 20)}…` })
    }
  }
  return found
}

async function scanAll(page: Page, language: Language, width: Width, visits: Visit[]): Promise<Finding[]> {
  const findings: Finding[] = []
  for (const visit of visits) {
    const at = visit.width ?? width
    await page.setViewportSize(VIEWPORTS[at])
    const response = await page.goto(visit.path)
    expect(response?.status(), `${visit.path} answered`).toBe(visit.status ?? 200)
    await hydrated(page)
    if (visit.open) await visit.open(page, language)
    findings.push(...(await scan(page, `${visit.label ?? visit.path} (${language}, ${at})`)))
  }
  return findings
}

/** Fails with one block per rule and element, listing the pages where it was found. */
function expectNoViolations(findings: Finding[]) {
  const groups = new Map<string, { first: Finding; where: string[] }>()
  for (const finding of findings) {
    const key = `${finding.rule}|${finding.html}`
    const group = groups.get(key) ?? { first: finding, where: [] }
    group.where.push(finding.where)
    groups.set(key, group)
  }
  const readable = [...groups.values()]
    .map(
      ({ first, where }) =>
        `[${first.impact}] ${first.rule}: ${first.help}\n    element: ${first.html}\n    why: ${first.summary}\n` +
        `    on: ${where.slice(0, 6).join(', ')}${where.length > 6 ? ` and ${where.length - 6} more` : ''}`,
    )
    .join('\n\n')
  expect(findings.length, `\n${groups.size} accessibility violation(s):\n\n${readable}\n`).toBe(0)
}

const PAIRS: { language: Language; width: Width }[] = [
  { language: 'en', width: 'desktop' },
  { language: 'ru', width: 'phone' },
]

for (const { language, width } of PAIRS) {
  test.describe(`${language} at ${width} width`, () => {
    // The language comes from Accept-Language when no language cookie is set.
    test.use({ locale: language === 'ru' ? 'ru-RU' : 'en-US' })

    test('signed out: no serious or critical violations', async ({ page }) => {
      const data = demoData()
      expectNoViolations(
        await scanAll(page, language, width, [
          { path: '/', label: '/ with the user menu open', open: (page) => openDropdown(page, 'user-menu') },
          {
            path: '/',
            label: '/ with the filters drawer open',
            width: 'phone',
            open: (page) => openDropdown(page, 'mobile-filters'),
          },
          { path: '/', label: '/ with the date-range calendar open', open: openDateRangeCalendar },
          { path: '/?view=timeline' },
          { path: '/places' },
          { path: '/users' },
          { path: '/calendar', label: 'the month view' },
          { path: '/calendar', label: 'the month view on a phone', width: 'phone' },
          { path: '/?online=1&accessibility=stepFree', label: 'the list with Online and an accessibility filter' },
          { path: `/event/${data.accessible}`, label: 'an event with accessibility details' },
          { path: `/event/${data.hybrid}`, label: 'an event in person and online' },
          { path: '/collections' },
          { path: '/collections/editors-picks', label: 'a collection (the demo’s picks)' },
          { path: '/collections/for-kids', label: 'a collection on a phone', width: 'phone' },
          { path: '/groups/belgrade_walkers', label: 'a group (the demo’s)' },
          { path: `/event/${data.event}` },
          { path: `/event/${data.place}` },
          { path: `/profile/${data.profile}` },
          { path: `/embed?organizer=${data.profile}` },
          { path: `/embed/events?organizer=${data.profile}` },
          { path: '/auth' },
          { path: '/auth/register' },
          { path: '/auth/forgotPassword' },
          { path: '/privacy-policy' },
          { path: '/terms-of-use' },
          { path: '/child-safety' },
          { path: '/docs/deleteAccount' },
          { path: '/this/page/does-not-exist', label: 'the 404 page', status: 404 },
        ]),
      )
    })

    test('signed in: no serious or critical violations', async ({ page, createUser, signIn }) => {
      const data = demoData()
      const [me, follower] = await Promise.all([createUser(), createUser()])
      await callApiAs(follower, 'PUT', `/profile/${me.id}/follow`)
      const own = await createEventViaApi(me)
      // The day of the event: someone on the list, and an event of theirs I take part in, with a message from them.
      await callApiAs(follower, 'PUT', `/event/${own._id}/participate`, { participate: true })
      const theirs = await createEventViaApi(follower)
      await callApiAs(me, 'PUT', `/event/${theirs._id}/participate`, { participate: true })
      await callApiAs(follower, 'POST', `/event/${theirs._id}/messages`, { body: 'We moved to room 2.' }, 201)
      const group = `a11y_${Date.now().toString(36)}`
      await callApiAs(me, 'POST', '/groups', { handle: group, name: 'Accessible walkers' }, 201)
      await signIn(page, me)
      expectNoViolations(
        await scanAll(page, language, width, [
          { path: '/', label: '/ with the user menu open', open: (page) => openDropdown(page, 'user-menu') },
          {
            path: '/',
            label: '/ with the notifications open',
            open: (page) => openDropdown(page, 'notifications-bell'),
          },
          { path: '/', label: '/ with the new-event modal open', open: openNewEventDialog },
          { path: '/notifications' },
          {
            path: `/event/${own._id}`,
            label: 'own event with the edit drawer open',
            open: async (page, language) => {
              const edit = page.getByRole('link', { name: text(language, 'Edit', 'Изменить'), exact: true })
              // The drawer is the app's: a click before it has started opens the edit page instead.
              await waitForHydration(edit)
              await edit.click()
              await expect(page.getByRole('dialog').locator('form')).toBeVisible()
            },
          },
          { path: `/event/${own._id}/invite`, label: 'the invite drawer' },
          { path: `/event/${own._id}/cancel`, label: 'the cancel drawer' },
          { path: `/event/${own._id}/reschedule`, label: 'the move drawer' },
          { path: `/event/${own._id}/edit` },
          { path: `/event/${own._id}/participants`, label: 'the printable list of participants' },
          { path: `/event/${own._id}/checkin`, label: 'the door' },
          { path: `/event/${own._id}/message`, label: 'the message drawer' },
          { path: `/event/${theirs._id}`, label: 'an event I take part in: my code and the organizer’s message' },
          { path: `/groups/${group}/members`, label: 'a group’s members, as its owner' },
          { path: '/groups/new' },
          { path: `/event/${data.event}` },
          { path: `/event/${data.event}/report`, label: 'the report form (event)' },
          { path: `/profile/${data.profile}/report`, label: 'the report form (profile)' },
          { path: `/profile/${follower.id}` },
          { path: '/admin/profile/myProfile?show=followers', label: 'my profile with the followers modal' },
          { path: '/admin/profile/myProfile/activity' },
          { path: '/admin/profile/myProfile/invitations' },
          { path: '/admin/profile/settings/profile' },
          { path: '/admin/profile/settings/password' },
          { path: '/admin/profile/settings/notifications' },
          { path: '/admin/profile/settings/calendar' },
          { path: '/admin/profile/settings/sources' },
          { path: '/admin/profile/settings/webhooks' },
          { path: '/admin/profile/settings/delete' },
          { path: '/event/new' },
          { path: '/moderation/users', label: 'the 403 page', status: 403 },
        ]),
      )
    })

    test('admin: no serious or critical violations', async ({ page, createUser, signIn }) => {
      const data = demoData()
      const admin: TestUser = await createUser({ role: 'superAdmin' })
      await signIn(page, admin)
      expectNoViolations(
        await scanAll(page, language, width, [
          { path: '/place/new' },
          { path: '/moderation/users' },
          { path: '/moderation/events' },
          { path: '/moderation/places' },
          { path: '/moderation/reports' },
          { path: '/moderation/log' },
          { path: '/moderation/fediverse' },
          { path: '/moderation/collections' },
          { path: '/moderation/groups' },
          { path: '/moderation/collections/for-kids', label: 'a collection’s form' },
          { path: `/moderation/users/${data.profile}`, label: 'the user editor' },
          { path: `/moderation/events/${data.event}`, label: 'the post editor (event)' },
          { path: `/moderation/places/${data.place}`, label: 'the post editor (place)' },
        ]),
      )
    })
  })
}

/** Presses Tab (or Shift+Tab) `times` times and checks each time that focus is still inside `dialog`. */
async function expectTabStaysInside(page: Page, dialog: Locator, times: number, shift = false) {
  for (let i = 0; i < times; i++) {
    await page.keyboard.press(shift ? 'Shift+Tab' : 'Tab')
    const inside = await dialog.evaluate((element) => element.contains(document.activeElement))
    expect(inside, `focus left the dialog after ${i + 1} × ${shift ? 'Shift+Tab' : 'Tab'}`).toBe(true)
  }
}

async function focusableCount(dialog: Locator) {
  return dialog.locator('a[href], button:not([disabled]), input:not([type=hidden]), select, textarea').count()
}

test('modals and drawers keep focus inside and give it back to their opener', async ({
  page,
  createUser,
  signIn,
}) => {
  const me = await createUser()
  const own = await createEventViaApi(me)
  await signIn(page, me)
  await page.goto(`/event/${own._id}`)
  await hydrated(page)

  // The invite drawer (its open state is the URL).
  const invite = page.getByRole('link', { name: 'Invite people' })
  await invite.focus()
  await page.keyboard.press('Enter')
  const drawer = page.getByRole('dialog', { name: /Invite/ })
  await expect(drawer).toBeVisible()
  await expect(page).toHaveURL(/\/invite$/)
  const inDrawer = await focusableCount(drawer)
  await expectTabStaysInside(page, drawer, inDrawer + 2)
  await expectTabStaysInside(page, drawer, inDrawer + 2, true)
  await page.keyboard.press('Escape')
  await expect(drawer).toBeHidden()
  await expect(invite).toBeFocused()

  // The edit drawer (a Radix dialog over the page).
  const edit = page.getByRole('link', { name: 'Edit', exact: true })
  await edit.focus()
  await page.keyboard.press('Enter')
  const editDrawer = page.getByRole('dialog', { name: 'Edit event' })
  await expect(editDrawer.locator('form')).toBeVisible()
  await expectTabStaysInside(page, editDrawer, 6, true)
  await page.keyboard.press('Escape')
  await expect(editDrawer).toBeHidden()
  await expect(edit).toBeFocused()

  // The new-event modal, opened from the user menu: the menu has closed, so focus goes back to its toggle.
  await openNewEventDialog(page, 'en')
  const modal = page.getByRole('dialog', { name: 'New event' })
  await expectTabStaysInside(page, modal, 4, true)
  await modal.getByRole('button', { name: 'Cancel' }).first().click()
  await expect(modal).toBeHidden()
  await expect(page.getByTestId('user-menu').locator('summary')).toBeFocused()
})
