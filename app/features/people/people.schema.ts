import { z } from 'zod'

/**
 * The people of an establishment (issue 19 part A, decision 032): members with a role, pending
 * invitations, and what administradores and superadministradores may do with them.
 */

/** The two roles of a membership (spec section 6: "roleInEstablishment with admin flags"). */
export const ROLES = ['administrador', 'usuario'] as const
export type Role = (typeof ROLES)[number]
export const ROLE_LABELS: Record<Role, string> = { administrador: 'Administrador', usuario: 'Usuario' }
export const roleOf = (isAdmin: boolean): Role => (isAdmin ? 'administrador' : 'usuario')

/** An invitation link works for a week, once. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000

export const PEOPLE_MESSAGES = {
  notAdmin: 'Solo un administrador del establecimiento puede gestionar a las personas',
  notSuperadmin: 'Solo un superadministrador puede desactivar o reactivar cuentas',
  emailInvalid: 'Ingrese un correo electrónico válido',
  nameRequired: 'El nombre es obligatorio.',
  roleInvalid: 'Elija un rol: administrador o usuario',
  alreadyMember: (email: string) => `${email} ya es parte de este establecimiento`,
  alreadyInvited: (email: string) =>
    `Ya hay una invitación pendiente para ${email}: puede reenviarla o revocarla`,
  accountDeactivated: (email: string) => `La cuenta de ${email} está desactivada`,
  invited: (email: string) => `Invitación enviada a ${email}`,
  added: (email: string) => `${email} ya tenía cuenta: se agregó al establecimiento y se le avisó por correo`,
  resent: (email: string) => `Invitación reenviada a ${email}`,
  // The mail server failed after the change was saved: the answer says what was kept and what to do.
  inviteMailFailed: (email: string) =>
    `La invitación para ${email} quedó guardada, pero no se pudo enviar el correo. Use «Reenviar» cuando el correo vuelva a funcionar.`,
  addedMailFailed: (email: string) =>
    `${email} ya tenía cuenta: se agregó al establecimiento, pero no se pudo enviar el aviso por correo`,
  resendMailFailed: (email: string) =>
    `No se pudo enviar el correo a ${email}. Intente reenviar la invitación en unos minutos.`,
  revoked: 'Invitación revocada',
  invitationNotFound: 'Invitación no encontrada',
  memberNotFound: 'La persona no es parte de este establecimiento',
  userNotFound: 'Usuario no encontrado',
  roleChanged: 'Rol actualizado con éxito',
  removed: 'La persona ya no es parte del establecimiento',
  ownRole: 'Nadie puede elevar su propio rol',
  lastAdmin: 'El establecimiento no puede quedarse sin un administrador',
  lastAdminOf: (names: string) =>
    `Es el único administrador de ${names}: asigne otro antes de desactivar la cuenta`,
  ownAccount: 'No puede desactivar su propia cuenta',
  deactivated: 'Cuenta desactivada: sus sesiones se cerraron',
  reactivated: 'Cuenta reactivada',
  alreadyDeactivated: 'La cuenta ya está desactivada',
  notDeactivated: 'La cuenta no está desactivada',
  invitationInvalid: 'El enlace de invitación no es válido, ya se usó o venció. Pida que se la reenvíen.',
  invitationAccepted: 'Contraseña establecida. Ya puede iniciar sesión con su correo.',
  actionError: 'Error al actualizar las personas del establecimiento',
  listError: 'No se pudo obtener la lista de personas',
} as const

const M = PEOPLE_MESSAGES

const roleSchema = z.enum(ROLES, { error: M.roleInvalid })

/** POST /v2/establishments/{id}/invitations, and the invitation form's values. */
export const inviteSchema = z
  .object({
    email: z.email(M.emailInvalid).trim().toLowerCase().max(254, M.emailInvalid),
    name: z.string({ error: M.nameRequired }).trim().min(1, M.nameRequired).max(100),
    surname: z.string().trim().max(100).default(''),
    role: roleSchema,
  })
  .meta({
    id: 'Invite',
    examples: [{ email: 'persona@example.com', name: 'Juana', surname: 'Pérez', role: 'usuario' }],
  })
export type InviteValues = z.input<typeof inviteSchema>

/** PUT /v2/establishments/{id}/members/{userId}/role ('Update user roles', spec section 7). */
export const roleChangeSchema = z
  .object({ role: roleSchema })
  .meta({ id: 'RoleChange', examples: [{ role: 'administrador' }] })

export const memberSchema = z
  .object({
    user_id: z.number().int(),
    name: z.string(),
    surname: z.string(),
    email: z.string(),
    role: roleSchema,
    deactivated: z.boolean(),
  })
  .meta({ id: 'Member' })
export type Member = z.infer<typeof memberSchema>

export const invitationSchema = z
  .object({
    id: z.number().int(),
    email: z.string(),
    name: z.string(),
    surname: z.string(),
    role: roleSchema,
    sent_at: z.string(),
    expires_at: z.string(),
    expired: z.boolean(),
  })
  .meta({ id: 'Invitation' })
export type Invitation = z.infer<typeof invitationSchema>

export const peopleSchema = z
  .object({ data: z.object({ members: z.array(memberSchema), invitations: z.array(invitationSchema) }) })
  .meta({ id: 'People' })
export type People = z.infer<typeof peopleSchema>['data']

export const messageSchema = z.object({ message: z.string() }).meta({ id: 'Message' })
export const invitedSchema = z
  .object({ message: z.string(), data: z.object({ outcome: z.enum(['invited', 'added']) }) })
  .meta({ id: 'Invited' })

/** POST /v2/auth/invitations/accept: the e-mailed link's token and the new password. */
export const INVITATION_PAGE_PATH = '/management/invitation'
