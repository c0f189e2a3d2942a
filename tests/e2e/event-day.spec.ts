// The day of the event (issue 45), with JavaScript on and off: a participant lets organizers see their email
// (Settings → Profile); the organizer opens the list of participants from the event page, sees who comes and who
// waits (the email only where it was allowed), prints it on A4 without the site's header, and downloads the CSV.
// Nobody else opens the list.
import fs from 'node:fs/promises'
import decodeQR from 'qr/decode.js'
import sharp from 'sharp'
import { callApiAs, createEventViaApi, throttle } from './event-fixtures'
import { expect, test, uniqueSuffix } from './fixtures'

test('the organizer’s list of participants: on screen, on paper and as CSV; emails only where allowed', async ({ page, browser, createUser, signIn, javaScriptEnabled }) => {
  test.slow()
  const [organizer, sharing, private_, waiting] = await Promise.all([createUser(), createUser(), createUser(), createUser()])
  const title = `Door list ${uniqueSuffix()}`
  const event = await createEventViaApi(organizer, { title, maxParticipants: '2' })

  // One participant lets organizers see their email, in the form (JS on and off).
  await signIn(page, sharing)
  await page.goto('/admin/profile/settings/profile')
  const consent = page.getByLabel('Organizers of events I join may see my email address in their list of participants')
  await expect(consent).not.toBeChecked()
  await consent.check()
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByTestId('toast')).toBeVisible()
  await page.reload()
  await expect(consent).toBeChecked()

  for (const user of [sharing, private_]) await callApiAs(user, 'PUT', `/event/${event._id}/participate`, { participate: true })
  await callApiAs(waiting, 'PUT', `/event/${event._id}/waitlist`)

  // Nobody but its organizers opens the list.
  expect((await page.goto(`/event/${event._id}/participants`))?.status()).toBe(403)
  expect((await page.goto(`/event/${event._id}/participants.csv`))?.status()).toBe(403)

  const context = await browser.newContext({ javaScriptEnabled, acceptDownloads: true })
  const organizerPage = await context.newPage()
  await signIn(organizerPage, organizer)
  await organizerPage.goto(`/event/${event._id}`)
  await organizerPage.getByTestId('roster-link').click()
  await expect(organizerPage).toHaveURL(new RegExp(`/event/${event._id}/participants$`))
  await expect(organizerPage.getByRole('heading', { name: `Participants of ${title}` })).toBeVisible()
  const seated = organizerPage.getByTestId('roster-participants')
  await expect(seated.getByRole('row')).toHaveCount(3)
  await expect(seated.getByRole('row').nth(1)).toContainText(`@${sharing.username}`)
  await expect(seated.getByRole('row').nth(1)).toContainText(sharing.email)
  await expect(seated.getByRole('row').nth(2)).toContainText(`@${private_.username}`)
  await expect(seated.getByRole('row').nth(2)).toContainText('not shared')
  await expect(seated).not.toContainText(private_.email)
  await expect(organizerPage.getByTestId('roster-waiting')).toContainText(`@${waiting.username}`)

  // On paper: the list alone, without the site's header and footer.
  await expect(organizerPage.locator('body > header').first()).toBeVisible()
  await organizerPage.emulateMedia({ media: 'print' })
  await expect(organizerPage.locator('body > header').first()).toBeHidden()
  await expect(organizerPage.getByRole('heading', { name: `Participants of ${title}` })).toBeVisible()
  await expect(organizerPage.getByTestId('roster-csv')).toBeHidden()
  // Printed as the page asks: A4 (595 × 842 points), the list on one sheet.
  const pdf = (await organizerPage.pdf({ preferCSSPageSize: true })).toString('latin1')
  expect(pdf.match(/\/MediaBox\s*\[\s*0 0 (\d+(?:\.\d+)?) (\d+(?:\.\d+)?)/)?.slice(1, 3).map((n) => Math.round(Number(n)))).toEqual([595, 842])
  expect(pdf.match(/\/Type\s*\/Page[^s]/g)).toHaveLength(1)
  await organizerPage.emulateMedia({ media: 'screen' })

  // The CSV: the same people, a header row.
  const [download] = await Promise.all([organizerPage.waitForEvent('download'), organizerPage.getByTestId('roster-csv').click()])
  expect(download.suggestedFilename()).toBe(`participants-${event._id}.csv`)
  const csv = (await fs.readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '')
  const lines = csv.trim().split('\r\n')
  expect(lines[0]).toBe('List,No.,First name,Last name,Username,Email,Since,Checked in')
  expect(lines[1]).toContain(`,${sharing.username},${sharing.email},`)
  expect(lines[2]).toContain(`,${private_.username},,`)
  expect(lines[3]).toMatch(new RegExp(`^Waiting list,1,.*,${waiting.username},,`))
  await context.close()
})

test('at the door: the organizer checks in by the code typed (once), by the QR code’s link, and by ticking a name; a mistake is undone', async ({ page, createUser, signIn }) => {
  test.slow()
  const [organizer, anna, boris, vera] = await Promise.all([createUser(), createUser(), createUser(), createUser()])
  const event = await createEventViaApi(organizer, { title: `Door ${uniqueSuffix()}` })
  for (const user of [anna, boris, vera]) await callApiAs(user, 'PUT', `/event/${event._id}/participate`, { participate: true })
  const codeOf = async (user: typeof anna) => (await callApiAs(user, 'GET', `/event/${event._id}/checkin/my`)) as { code: string; url: string }
  const [annaCode, borisCode] = [await codeOf(anna), await codeOf(boris)]

  await page.setViewportSize({ width: 360, height: 740 })
  await signIn(page, organizer)
  await page.goto(`/event/${event._id}`)
  await page.getByTestId('door-link').click()
  await expect(page.getByTestId('door-count')).toHaveText('0 of 3 came')
  // Nothing sideways on a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)

  // A wrong code is refused on its field, what was typed kept.
  await page.getByLabel('Code').fill('ZZ ZZ ZQ')
  await page.getByRole('button', { name: 'Check in', exact: true }).click()
  await expect(page.getByText('No participant of this event has this code.')).toBeVisible()
  await expect(page.getByLabel('Code')).toHaveValue('ZZ ZZ ZQ')

  // Typed in lower case with a space: in.
  await page.getByLabel('Code').fill(`${annaCode.code.slice(0, 3).toLowerCase()} ${annaCode.code.slice(3)}`)
  await page.getByRole('button', { name: 'Check in', exact: true }).click()
  await expect(page.getByTestId('toast')).toContainText(`is in.`)
  await expect(page.getByTestId('door-count')).toHaveText('1 of 3 came')
  // The same code again: it worked once.
  await page.getByLabel('Code').fill(annaCode.code)
  await page.getByRole('button', { name: 'Check in', exact: true }).click()
  await expect(page.getByTestId('toast')).toContainText('was already checked in at')
  await expect(page.getByTestId('door-count')).toHaveText('1 of 3 came')

  // The QR code's link (what a phone's camera app opens) fills the code in; pressing the button lets them in.
  await page.goto(new URL(borisCode.url).pathname + new URL(borisCode.url).search)
  await expect(page.getByLabel('Code')).toHaveValue(borisCode.code)
  await expect(page.getByTestId('door-count')).toHaveText('1 of 3 came')
  await page.getByRole('button', { name: 'Check in', exact: true }).click()
  await expect(page.getByTestId('door-count')).toHaveText('2 of 3 came')

  // Ticking a name, and undoing it.
  const list = page.getByTestId('door-list')
  await list.getByRole('listitem').filter({ hasText: `@${vera.username}` }).getByRole('button', { name: /^Check in:/ }).click()
  await expect(page.getByTestId('door-count')).toHaveText('3 of 3 came')
  await list.getByRole('listitem').filter({ hasText: `@${vera.username}` }).getByRole('button', { name: /^Undo:/ }).click()
  await expect(page.getByTestId('toast')).toContainText('is not checked in any more.')
  await expect(page.getByTestId('door-count')).toHaveText('2 of 3 came')

  // The printable list shows who came.
  await page.goto(`/event/${event._id}/participants`)
  await expect(page.getByTestId('roster-participants').getByRole('row').filter({ hasText: `@${anna.username}` })).toContainText('in at')
})

test('a participant’s code for the door: six characters and a QR code a camera reads as the check-in link; then when they came', async ({ page, createUser, signIn }) => {
  const [organizer, guest] = await Promise.all([createUser(), createUser()])
  const event = await createEventViaApi(organizer, { title: `Ticket ${uniqueSuffix()}` })
  await page.setViewportSize({ width: 360, height: 740 })
  await signIn(page, guest)
  await page.goto(`/event/${event._id}`)
  await expect(page.getByTestId('ticket')).toHaveCount(0)

  // Joining shows the code (with JavaScript the page reloads its data, without it the post redirects back).
  await page.getByRole('main').getByRole('button', { name: 'Join', exact: true }).click()
  const ticket = page.getByTestId('ticket')
  await expect(ticket.getByRole('heading', { name: 'Your check-in code' })).toBeVisible()
  const mine = (await callApiAs(guest, 'GET', `/event/${event._id}/checkin/my`)) as { code: string; url: string }
  await expect(ticket.getByTestId('ticket-code')).toHaveText(mine.code)
  await expect(ticket.getByRole('img', { name: `QR code of your check-in code ${mine.code}` })).toBeVisible()
  // What the screen shows, read as the door's camera would (the join's toast, fixed at the bottom, set aside).
  const shot = await ticket.getByTestId('ticket-qr').screenshot({ style: '[role=status]{display:none}' })
  const { data, info } = await sharp(shot).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
  expect(decodeQR({ width: info.width, height: info.height, data })).toBe(mine.url)
  expect(new URL(mine.url).pathname).toBe(`/event/${event._id}/checkin`)

  // Let in at the door: the page says when.
  await callApiAs(organizer, 'POST', `/event/${event._id}/checkin`, { code: mine.code })
  await page.reload()
  await expect(ticket.getByTestId('ticket-checked-in')).toHaveText(/^Checked in at \d\d:\d\d$/)

  // In Russian the card speaks Russian.
  await page.request.post('/resources/locale', { form: { lng: 'ru', redirectTo: `/event/${event._id}` } })
  await page.reload()
  await expect(ticket.getByRole('heading', { name: 'Ваш код для входа' })).toBeVisible()
})

test('with JavaScript, a camera that cannot be opened: the page says so, and the typed code still works', async ({ page, createUser, signIn, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, 'the Scan button needs JavaScript')
  // This browser has no camera to give (no fake device, nobody to answer the prompt): getUserMedia fails.
  const [organizer, anna] = await Promise.all([createUser(), createUser()])
  const event = await createEventViaApi(organizer, { title: `No camera ${uniqueSuffix()}` })
  await callApiAs(anna, 'PUT', `/event/${event._id}/participate`, { participate: true })
  await signIn(page, organizer)
  await page.goto(`/event/${event._id}/checkin`)
  await page.getByRole('button', { name: 'Scan with the camera' }).click()
  await expect(page.getByTestId('camera-scan').getByRole('alert')).toHaveText('The camera could not be opened (allow it for this site in the browser), or type the code.')
  const { code } = (await callApiAs(anna, 'GET', `/event/${event._id}/checkin/my`)) as { code: string }
  await page.getByLabel('Code').fill(code)
  await page.getByRole('button', { name: 'Check in', exact: true }).click()
  await expect(page.getByTestId('door-count')).toHaveText('1 of 1 came')
})

test('at the door over a slow line: the code is typed and sent as soon as the form shows, scripts or not', async ({ page, createUser, signIn }) => {
  const [organizer, anna] = await Promise.all([createUser(), createUser()])
  const event = await createEventViaApi(organizer, { title: `Slow door ${uniqueSuffix()}` })
  await callApiAs(anna, 'PUT', `/event/${event._id}/participate`, { participate: true })
  const { code } = (await callApiAs(anna, 'GET', `/event/${event._id}/checkin/my`)) as { code: string }
  await page.setViewportSize({ width: 360, height: 740 })
  await signIn(page, organizer)
  await throttle(page)
  // Not waiting for the page to load: the organizer types the moment the box is there (a plain form until the app runs).
  await page.goto(`/event/${event._id}/checkin`, { waitUntil: 'commit' })
  await page.getByLabel('Code').fill(code)
  await page.getByRole('button', { name: 'Check in', exact: true }).click()
  await expect(page.getByTestId('door-count')).toHaveText('1 of 1 came', { timeout: 20_000 })
  await expect(page.getByLabel('Code')).toHaveValue('')
})
