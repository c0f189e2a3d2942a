// Fixtures of the moderation console's tests: an API with an admin and a super admin, the photo the uploads
// send, a user's avatar columns set directly, and the check of a refusal's status, code and English text.
import { type MessageCode, translateMessage } from '#contract'
import { afterAll, beforeAll, expect } from 'vitest'
import { startTestApi, type TestApi, type TestResponse } from './helpers'
import { jpeg, makeUser, type TestUser } from './events-fixtures'

export interface ConsoleApi {
  api: TestApi
  admin: TestUser
  superAdmin: TestUser
  /** A multipart form with one JPEG under `field`. */
  photoForm(field?: string): FormData
  /** Columns of an avatar on the user's row (no file behind them). */
  setAvatarColumns(userId: string): Promise<void>
}

async function startConsoleApi(): Promise<ConsoleApi> {
  const api = await startTestApi()
  const [admin, superAdmin] = await Promise.all([makeUser(api, { role: 'admin' }), makeUser(api, { role: 'superAdmin' })])
  const photo = await jpeg()
  return {
    api,
    admin,
    superAdmin,
    photoForm(field = 'files') {
      const form = new FormData()
      form.append(field, new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg')
      return form
    },
    async setAvatarColumns(userId) {
      await api.app.ctx.db
        .updateTable('users')
        .set({ avatar_path: 'avatars/0123456789abcdef0123456789abcdef.webp', avatar_name: 'me.webp' })
        .where('id', '=', userId)
        .execute()
    },
  }
}

/** Starts the API before the file's tests, hands it to `take` (the file keeps what it uses), closes it after. */
export function useConsoleApi(take: (consoleApi: ConsoleApi) => void) {
  let api: TestApi | undefined
  beforeAll(async () => {
    const consoleApi = await startConsoleApi()
    api = consoleApi.api
    take(consoleApi)
  })
  afterAll(async () => {
    await api?.close()
  })
}

/** A refusal: its status, its code and the English text of that code. */
export function expectRefusal(res: TestResponse, status: number, code: MessageCode) {
  expect(res.status, res.text).toBe(status)
  expect(res.body.code).toBe(code)
  expect(res.body.message).toBe(translateMessage(code, 'en'))
}
