import { escapeHtml } from '~/features/auth/reset-mail.server'
import { getEnv } from '~/lib/env.server'
import { sendMail } from '~/lib/mail.server'
import { INVITATION_PAGE_PATH, INVITATION_TTL_MS, ROLE_LABELS, type Role } from './people.schema'

/**
 * The invitation e-mails, through the same transport as the password reset (SMTP_URL, or an .eml
 * file under DATA_DIR/mail): a link to set the password (single use, INVITATION_TTL_MS), or, for a
 * person who already has an account, a notice that they were added.
 */

export function invitationLink(token: string) {
  return `${getEnv().APP_URL}${INVITATION_PAGE_PATH}?token=${encodeURIComponent(token)}`
}

interface Invitee {
  email: string
  name: string
}

export async function sendInvitationMail(
  invitee: Invitee,
  invitation: { establishment: string; role: Role; token: string },
) {
  const link = invitationLink(invitation.token)
  const days = INVITATION_TTL_MS / 86_400_000
  const greeting = invitee.name ? `Hola, ${invitee.name}:` : 'Hola:'
  const what = `Lo invitaron a trabajar en ${invitation.establishment} con Insights, como ${ROLE_LABELS[invitation.role]}.`
  const how = `Para elegir su contraseña y entrar, abra este enlace (vence en ${days} días y sirve una sola vez):`
  const result = await sendMail({
    to: invitee.email,
    subject: `Invitación a ${invitation.establishment} en Insights`,
    text: `${greeting}\n\n${what} ${how}\n\n${link}\n\nSi no esperaba esta invitación, ignore este correo.\n`,
    html: `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(what)} ${escapeHtml(how)}</p><p><a href="${escapeHtml(link)}">Aceptar la invitación</a></p><p>Si no esperaba esta invitación, ignore este correo.</p>`,
  })
  if (result.delivered === 'file')
    console.log(`[correo] Sin SMTP_URL: invitación para ${invitee.email} guardada en ${result.file}`)
  return result
}

export async function sendAddedMail(invitee: Invitee, added: { establishment: string; role: Role }) {
  const login = `${getEnv().APP_URL}/management/login`
  const greeting = invitee.name ? `Hola, ${invitee.name}:` : 'Hola:'
  const what = `Lo agregaron a ${added.establishment} en Insights, como ${ROLE_LABELS[added.role]}. Ingrese con su correo y su contraseña de siempre:`
  return sendMail({
    to: invitee.email,
    subject: `Ahora trabaja en ${added.establishment} con Insights`,
    text: `${greeting}\n\n${what}\n\n${login}\n`,
    html: `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(what)}</p><p><a href="${escapeHtml(login)}">Iniciar sesión</a></p>`,
  })
}
