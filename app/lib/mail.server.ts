import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { createTransport, type Transporter } from 'nodemailer'
import { getEnv } from './env.server'

export interface MailMessage {
  to: string
  subject: string
  text: string
  html: string
}

let transport: Transporter | undefined

/**
 * Sends through SMTP_URL. Without it (the embedded default) each message is written as an .eml file
 * under DATA_DIR/mail, so a person running the app locally can still open the reset link.
 * Returns where the message went.
 */
export async function sendMail(
  message: MailMessage,
): Promise<{ delivered: 'smtp' } | { delivered: 'file'; file: string }> {
  const env = getEnv()
  if (env.SMTP_URL) {
    transport ??= createTransport(env.SMTP_URL)
    await transport.sendMail({ from: env.SMTP_FROM, ...message })
    return { delivered: 'smtp' }
  }
  const fileTransport = createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  const info = await fileTransport.sendMail({ from: env.SMTP_FROM, ...message })
  const dir = path.join(env.DATA_DIR, 'mail')
  mkdirSync(dir, { recursive: true })
  const safeTo = message.to.replace(/[^a-zA-Z0-9@._-]/g, '_')
  const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeTo}.eml`)
  writeFileSync(file, info.message as Buffer)
  return { delivered: 'file', file }
}

/** For tests that switch SMTP_URL between cases. */
export function resetMailTransport() {
  transport?.close()
  transport = undefined
}
