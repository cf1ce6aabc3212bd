import { mkdir, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import nodemailer from 'nodemailer'
import { createId } from '~/server/ids'
import { logger } from '~/server/logger'

export interface EmailMessage {
  to: string
  subject: string
  text: string
  html?: string
  /**
   * Extra header fields, e.g. a notification's List-Unsubscribe and List-Unsubscribe-Post
   * (RFC 8058, docs/product/notifications.md). nodemailer writes them as given.
   */
  headers?: Record<string, string>
}

export interface Mailer {
  send(message: EmailMessage): Promise<void>
}

export interface MailerOptions {
  from: string
  /** SMTP when set (smtp:// or smtps:// URL). */
  smtpUrl?: string
  /** Otherwise each message is written here as an .eml file. */
  outboxDir: string
}

export const outboxDirFor = (dataDir: string) => join(resolve(dataDir), 'outbox')

/**
 * SMTP when configured; otherwise a local outbox of .eml files (and a log line), which is how a
 * newcomer — and the tests — follow verification and reset links without a mail server.
 */
export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl)
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message })
      },
    }
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message })
      await mkdir(options.outboxDir, { recursive: true })
      // Sortable by time; the id keeps two messages in the same millisecond apart.
      const file = join(options.outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${createId()}.eml`)
      await writeFile(file, info.message as Buffer)
      logger.info(`email to ${message.to} "${message.subject}" written to ${file}`)
    },
  }
}
