// A real SMTP receiver on loopback (smtp-server + mailparser) that keeps mails in memory and serves
// them as JSON (GET /messages?to=…, DELETE /messages). Browser tests run it as a process:
//   tsx tests/support/smtp-receiver.ts --smtp-port 2525 --http-port 2580
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

export interface ReceivedMail {
  from: string
  to: string[]
  subject: string
  text: string
  html: string
  date: string
  /** The mail's parts besides text and HTML (a picture the HTML shows by cid), content in base64. */
  attachments: { filename: string; contentType: string; cid: string | null; content: string }[]
}

export interface SmtpReceiver {
  smtpPort: number
  httpPort: number | null
  url: string
  messages: ReceivedMail[]
  /** Waits for a mail to `to` (optionally one whose subject matches) received after `since` mails. */
  waitForMail(
    to: string,
    options?: { timeoutMs?: number; subject?: RegExp; after?: number },
  ): Promise<ReceivedMail>
  mailsTo(to: string): ReceivedMail[]
  clear(): void
  close(): Promise<void>
}

export function extractCode(text: string): string {
  const m = /\b(\d{6})\b/.exec(text)
  if (!m?.[1]) throw new Error(`no 6-digit code in: ${text.slice(0, 200)}`)
  return m[1]
}

export function extractResetLink(text: string): string {
  const m = /(https?:\/\/\S+\/auth\/resetPassword\/[A-Za-z0-9_-]+)/.exec(text)
  if (!m?.[1]) throw new Error(`no reset link in: ${text.slice(0, 200)}`)
  return m[1]
}

export async function startSmtpReceiver(
  options: { smtpPort?: number; httpPort?: number | null; host?: string } = {},
): Promise<SmtpReceiver> {
  const host = options.host ?? '127.0.0.1'
  const messages: ReceivedMail[] = []
  const waiters = new Set<() => void>()

  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 5 * 1024 * 1024,
    onData(stream, session, callback) {
      simpleParser(stream, { keepCidLinks: true })
        .then((parsed) => {
          const rcpt = session.envelope.rcptTo.map((r) => r.address.toLowerCase())
          messages.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: rcpt,
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            date: new Date().toISOString(),
            attachments: parsed.attachments.map((part) => ({
              filename: part.filename ?? '',
              contentType: part.contentType,
              cid: part.cid ?? null,
              content: part.content.toString('base64'),
            })),
          })
          for (const w of [...waiters]) w()
          callback()
        })
        .catch((err: Error) => callback(err))
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.smtpPort ?? 0, host, () => resolve())
  })
  const smtpPort = (server.server.address() as AddressInfo).port

  const mailsTo = (to: string) => messages.filter((m) => m.to.includes(to.toLowerCase()))

  let httpServer: http.Server | null = null
  if (options.httpPort !== undefined && options.httpPort !== null) {
    httpServer = http.createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x')
      res.setHeader('content-type', 'application/json')
      if (url.pathname === '/messages' && req.method === 'GET') {
        const to = url.searchParams.get('to')
        res.end(JSON.stringify(to ? mailsTo(to) : messages))
      } else if (url.pathname === '/messages' && req.method === 'DELETE') {
        messages.length = 0
        res.end('{"ok":true}')
      } else if (url.pathname === '/health') {
        res.end('{"status":"ok"}')
      } else {
        res.statusCode = 404
        res.end('{"message":"not found"}')
      }
    })
    await new Promise<void>((resolve) => httpServer!.listen(options.httpPort!, host, () => resolve()))
  }
  const httpPort = httpServer ? (httpServer.address() as AddressInfo).port : null

  return {
    smtpPort,
    httpPort,
    url: `smtp://${host}:${smtpPort}`,
    messages,
    mailsTo,
    clear: () => {
      messages.length = 0
    },
    waitForMail(to, { timeoutMs = 5000, subject, after = 0 } = {}) {
      const find = () =>
        mailsTo(to)
          .slice(after)
          .find((m) => !subject || subject.test(m.subject))
      const found = find()
      if (found) return Promise.resolve(found)
      return new Promise((resolve, reject) => {
        const check = () => {
          const mail = find()
          if (mail) {
            waiters.delete(check)
            clearTimeout(timer)
            resolve(mail)
          }
        }
        const timer = setTimeout(() => {
          waiters.delete(check)
          reject(new Error(`no mail to ${to} within ${timeoutMs} ms (have ${messages.length})`))
        }, timeoutMs)
        waiters.add(check)
      })
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()))
      if (httpServer) await new Promise<void>((resolve) => httpServer!.close(() => resolve()))
    },
  }
}

/** Polls a receiver started as a separate process (browser tests). */
export async function waitForMailOverHttp(
  httpUrl: string,
  to: string,
  timeoutMs = 10_000,
): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const res = await fetch(`${httpUrl.replace(/\/$/, '')}/messages?to=${encodeURIComponent(to)}`)
    const list = (await res.json()) as ReceivedMail[]
    const last = list[list.length - 1]
    if (last) return last
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`no mail to ${to} within ${timeoutMs} ms`)
}

// CLI entry
const isMain = process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href
if (isMain) {
  const arg = (name: string, fallback: number) => {
    const i = process.argv.indexOf(name)
    const v = i >= 0 ? Number(process.argv[i + 1]) : NaN
    return Number.isFinite(v) ? v : fallback
  }
  const receiver = await startSmtpReceiver({
    smtpPort: arg('--smtp-port', 2525),
    httpPort: arg('--http-port', 2580),
  })
  console.log(
    `SMTP receiver: smtp://127.0.0.1:${receiver.smtpPort}  messages: http://127.0.0.1:${receiver.httpPort}/messages`,
  )
  const stop = () => void receiver.close().then(() => process.exit(0))
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
}
