// Scanning at the door (issue 45): with JavaScript the organizer presses "Scan with the camera", holds up a
// participant's QR code, and they are checked in. The camera is Chromium's own fake capture device (the real
// getUserMedia path) playing a Y4M file this test draws from the participant's check-in link; the decoder is the
// page's own. Without JavaScript there is no Scan button, and the typed code stays the way in (event-day.spec.ts also
// shows a camera that cannot be opened).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import encodeQR from 'qr'
import { callApiAs, createEventViaApi } from './event-fixtures'
import { chromiumLaunch } from './env'
import { expect, test, uniqueSuffix } from './fixtures'

const WIDTH = 640
const HEIGHT = 480
/** One file per worker: Chromium opens it each time a capture starts, so a test rewrites it before pressing Scan. */
const cameraFile = path.join(os.tmpdir(), `nearby-door-camera-${process.pid}.y4m`)

/** A camera frame (YUV 4:2:0, one frame looped) showing `text` as a QR code in the middle, or nothing. */
function showToCamera(text: string | null) {
  const luma = Buffer.alloc(WIDTH * HEIGHT, 200)
  if (text !== null) {
    const matrix = encodeQR(text, 'raw', { border: 4 })
    const scale = Math.floor(440 / matrix.length)
    const left = Math.floor((WIDTH - matrix.length * scale) / 2)
    const top = Math.floor((HEIGHT - matrix.length * scale) / 2)
    matrix.forEach((row, y) =>
      row.forEach((dark, x) => {
        for (let dy = 0; dy < scale; dy++)
          luma.fill(dark ? 20 : 235, (top + y * scale + dy) * WIDTH + left + x * scale, (top + y * scale + dy) * WIDTH + left + (x + 1) * scale)
      }),
    )
  }
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128)
  fs.writeFileSync(cameraFile, Buffer.concat([Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\nFRAME\n`), luma, chroma]))
}
showToCamera(null)

// The fake device, playing the file; and the permission prompt answered yes (headless Chromium asks even after
// grantPermissions, and without an answer getUserMedia fails).
test.use({
  launchOptions: chromiumLaunch(['--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${cameraFile}`, '--use-fake-ui-for-media-stream']),
})

test('the organizer scans participants’ QR codes with the camera: each is checked in once read', async ({ page, createUser, signIn, javaScriptEnabled }) => {
  const [organizer, anna, boris] = await Promise.all([createUser(), createUser(), createUser()])
  const event = await createEventViaApi(organizer, { title: `Scan ${uniqueSuffix()}` })
  for (const user of [anna, boris]) await callApiAs(user, 'PUT', `/event/${event._id}/participate`, { participate: true })
  const linkOf = async (user: typeof anna) => ((await callApiAs(user, 'GET', `/event/${event._id}/checkin/my`)) as { url: string }).url

  await page.setViewportSize({ width: 360, height: 740 })
  await signIn(page, organizer)
  const response = await page.goto(`/event/${event._id}`)
  // The site may use the camera (its own pages only): the door is reached by a client-side navigation too.
  expect(response?.headers()['permissions-policy']).toContain('camera=(self)')
  await page.getByTestId('door-link').click()
  await expect(page.getByTestId('door-count')).toHaveText('0 of 2 came')
  if (!javaScriptEnabled) {
    await expect(page.getByRole('button', { name: 'Scan with the camera' })).toHaveCount(0)
    return
  }

  showToCamera(await linkOf(anna))
  await page.getByRole('button', { name: 'Scan with the camera' }).click()
  await expect(page.getByLabel('What the camera sees')).toBeVisible()

  await expect(page.getByTestId('door-count')).toHaveText('1 of 2 came')
  await expect(page.getByTestId('toast')).toContainText('is in.')
  const annaRow = page.getByTestId('door-list').getByRole('listitem').filter({ hasText: `@${anna.username}` })
  await expect(annaRow).toContainText('came at')

  // Stopped, and started again in front of the next person's code.
  await page.getByRole('button', { name: 'Stop the camera' }).click()
  await expect(page.getByLabel('What the camera sees')).toHaveCount(0)
  showToCamera(await linkOf(boris))
  await page.getByRole('button', { name: 'Scan with the camera' }).click()
  await expect(page.getByTestId('door-count')).toHaveText('2 of 2 came')
  // The same code held up for a while is one check-in: no "already checked in" from the camera's next frames.
  await page.waitForTimeout(1500)
  await expect(page.getByTestId('toast')).not.toContainText('was already checked in')
})
