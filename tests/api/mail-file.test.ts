// Without SMTP_URL every mail is written to DATA_DIR/mail/*.eml.
import fs from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApi, uniqueUser, type TestApi } from './helpers'

let api: TestApi
beforeAll(async () => {
  api = await startTestApi({ SMTP_URL: '' })
})
afterAll(async () => {
  await api?.close()
})

describe('file mailer', () => {
  it('writes the verification mail as an .eml file', async () => {
    const input = uniqueUser('eml')
    expect((await api.post('/auth/registration', input)).status).toBe(201)
    await api.app.ctx.flushMail()
    const dir = path.join(api.config.dataDir, 'mail')
    const files = (await fs.readdir(dir)).filter((f) => f.endsWith('.eml') && f.includes(input.email))
    expect(files).toHaveLength(1)
    const eml = await fs.readFile(path.join(dir, files[0]!), 'utf8')
    expect(eml).toMatch(/^Subject: Nearby: your verification code \d{6}$/m)
    expect(eml).toContain(`To: ${input.email}`)
    expect(api.smtp.messages).toHaveLength(0)
  })
})
