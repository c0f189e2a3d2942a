// Mail: SMTP when SMTP_URL is set; otherwise every mail is logged and written to DATA_DIR/mail/*.eml.
import fs from 'node:fs/promises'
import path from 'node:path'
import nodemailer from 'nodemailer'
import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../config'

/** A picture the HTML shows inline (`<img src="cid:…">`), sent as a part of the mail. */
export interface MailAttachment {
  filename: string
  content: Buffer
  contentType: string
  cid: string
}

export interface OutgoingMail {
  to: string
  subject: string
  text: string
  html: string
  attachments?: MailAttachment[]
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>
  close(): Promise<void>
}

export function createMailer(config: Config, logger: FastifyBaseLogger): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl)
    return {
      async send(mail) {
        const info = await transport.sendMail({ from: config.mailFrom, ...mail })
        logger.info({ to: mail.to, subject: mail.subject, messageId: info.messageId }, 'mail sent')
      },
      async close() {
        transport.close()
      },
    }
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  const dir = path.join(config.dataDir, 'mail')
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: config.mailFrom, ...mail })
      await fs.mkdir(dir, { recursive: true })
      const safeTo = mail.to.replace(/[^a-zA-Z0-9@._-]/g, '_')
      const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeTo}.eml`)
      await fs.writeFile(file, info.message as Buffer)
      logger.info({ to: mail.to, subject: mail.subject, file }, 'mail written to file (no SMTP_URL)')
    },
    async close() {},
  }
}
