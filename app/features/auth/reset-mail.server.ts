import { getEnv } from '~/lib/env.server'
import { sendMail } from '~/lib/mail.server'
import { RESET_TOKEN_TTL_MS } from './auth.server'

export const RESET_PAGE_PATH = '/management/reset-password'

export function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

export function resetLink(token: string) {
  return `${getEnv().APP_URL}${RESET_PAGE_PATH}?token=${encodeURIComponent(token)}`
}

export async function sendPasswordResetMail(user: { email: string; name: string }, token: string) {
  const link = resetLink(token)
  const minutes = RESET_TOKEN_TTL_MS / 60_000
  const greeting = user.name ? `Hola, ${user.name}:` : 'Hola:'
  const result = await sendMail({
    to: user.email,
    subject: 'Restablecer su contraseña de Insights',
    text: `${greeting}\n\nRecibimos un pedido para restablecer su contraseña de Insights. Para elegir una nueva, abra este enlace (vence en ${minutes} minutos y sirve una sola vez):\n\n${link}\n\nSi no lo pidió, ignore este correo: su contraseña no cambia.\n`,
    html: `<p>${escapeHtml(greeting)}</p><p>Recibimos un pedido para restablecer su contraseña de Insights. Para elegir una nueva, abra este enlace (vence en ${minutes} minutos y sirve una sola vez):</p><p><a href="${escapeHtml(link)}">Restablecer contraseña</a></p><p>Si no lo pidió, ignore este correo: su contraseña no cambia.</p>`,
  })
  if (result.delivered === 'file') {
    console.log(
      `[correo] Sin SMTP_URL: mensaje para ${user.email} guardado en ${result.file}\n[correo] Enlace: ${link}`,
    )
  }
  return result
}
