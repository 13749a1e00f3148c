import { z } from 'zod'

// Spec, business constants: username at least 2 characters, password at least 8.
export const USERNAME_MIN_LENGTH = 2
export const PASSWORD_MIN_LENGTH = 8

export const AUTH_MESSAGES = {
  invalidCredentials: 'Usuario o contraseña inválida',
  resetRequested: 'Se ha enviado un correo para restablecer su contraseña.',
  passwordChanged: 'Contraseña modificada exitosamente',
  passwordChangeFailed: 'Error al modificar la contraseña',
  resetLinkInvalid: 'El enlace para restablecer la contraseña no es válido o ya venció.',
  tooManyAttempts: 'Demasiados intentos fallidos. Espere unos minutos e intente de nuevo.',
  sessionExpired: 'Su sesión venció. Inicie sesión de nuevo.',
  currentPasswordRequired: 'La contraseña actual es obligatoria',
  newPasswordTooShort: `La nueva contraseña debe tener al menos ${PASSWORD_MIN_LENGTH} caracteres`,
  passwordRules: 'Debe contener al menos una mayúscula, una minúscula y un número',
  passwordsDiffer: 'Las contraseñas no coinciden',
  wrongCurrentPassword: 'La contraseña actual no es correcta',
  samePassword: 'La nueva contraseña debe ser distinta de la actual',
} as const

export type AuthMessageKey = keyof typeof AUTH_MESSAGES

/**
 * A form posted without JavaScript comes back to its page with the outcome named in the address
 * (`?error=invalidCredentials`): a key of AUTH_MESSAGES, never the values the user typed nor free
 * text (a link could otherwise make the page say anything). `fallback` names any other message.
 */
export function authMessageKey(message: string, fallback: AuthMessageKey): AuthMessageKey {
  const found = Object.entries(AUTH_MESSAGES).find(([, text]) => text === message)
  return found ? (found[0] as AuthMessageKey) : fallback
}

/** The `error`/`notice` search parameter of those pages: a known key, anything else ignored. */
export const authMessageParam = z
  .enum(Object.keys(AUTH_MESSAGES) as [AuthMessageKey, ...AuthMessageKey[]])
  .optional()
  .catch(undefined)

/** Sign-in credentials. The username is the user's e-mail; only its length is checked. */
export const loginSchema = z.object({
  username: z
    .string()
    .min(USERNAME_MIN_LENGTH, `El nombre de usuario debe tener al menos ${USERNAME_MIN_LENGTH} caracteres.`),
  password: z
    .string()
    .min(PASSWORD_MIN_LENGTH, `La contraseña debe tener al menos ${PASSWORD_MIN_LENGTH} caracteres.`),
})

export type LoginValues = z.infer<typeof loginSchema>

const newPasswordRules = z
  .string()
  .min(PASSWORD_MIN_LENGTH, AUTH_MESSAGES.newPasswordTooShort)
  .regex(/(?=.*[a-z])(?=.*[A-Z])(?=.*\d)/, AUTH_MESSAGES.passwordRules)

/** A new password as the server accepts it (change and reset): the spec's rules, section 5. */
export const newPasswordSchema = newPasswordRules

/** The 'Cambiar Contraseña' card. The confirmation is checked in the form only. */
export const changePasswordFormSchema = z
  .object({
    current_password: z.string().min(1, AUTH_MESSAGES.currentPasswordRequired),
    new_password: newPasswordRules,
    confirm_password: z.string(),
  })
  .refine((values) => values.new_password === values.confirm_password, {
    message: AUTH_MESSAGES.passwordsDiffer,
    path: ['confirm_password'],
  })
export type ChangePasswordFormValues = z.infer<typeof changePasswordFormSchema>

/** Body of POST /app-insights/api/v2/auth/password/change. */
export const changePasswordSchema = z.object({
  current_password: z.string().min(1, AUTH_MESSAGES.currentPasswordRequired),
  new_password: newPasswordRules,
})
export type ChangePasswordValues = z.infer<typeof changePasswordSchema>

/** The forgot-password dialog ('Restablecer Contraseña'). */
export const resetRequestSchema = z.object({
  email: z.email('Ingrese un correo electrónico válido').max(254),
})
export type ResetRequestValues = z.infer<typeof resetRequestSchema>

/** The reset page reached from the e-mailed link. */
export const resetConfirmFormSchema = z
  .object({
    token: z.string().min(20, 'El enlace no es válido'),
    new_password: newPasswordRules,
    confirm_password: z.string(),
  })
  .refine((values) => values.new_password === values.confirm_password, {
    message: AUTH_MESSAGES.passwordsDiffer,
    path: ['confirm_password'],
  })
export type ResetConfirmFormValues = z.infer<typeof resetConfirmFormSchema>

export const resetConfirmSchema = z.object({
  token: z.string().min(20).max(200),
  new_password: newPasswordRules,
})

/** The signed-in user as the API and the UI see it (spec section 3, User). */
export const sessionUserSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    surname: z.string(),
    email: z.string(),
    /** 1 means the user must change the password (spec section 9). */
    must_change_password: z.union([z.literal(0), z.literal(1)]),
  })
  .meta({ id: 'User' })
export type SessionUser = z.infer<typeof sessionUserSchema>

export const roleInEstablishmentSchema = z.object({
  establishment_id: z.number().int(),
  establishment_name: z.string(),
  is_admin: z.boolean(),
})

/** The user's roles (spec section 3): superadmin flag and admin flag per establishment. */
export const userRolesSchema = z
  .object({
    isSuperAdmin: z.boolean(),
    roleInEstablishment: z.array(roleInEstablishmentSchema),
  })
  .meta({ id: 'UserRoles' })
export type UserRoles = z.infer<typeof userRolesSchema>

export const loginResponseSchema = z
  .object({
    token: z.string(),
    token_type: z.literal('Bearer'),
    expires_at: z.string(),
    user: sessionUserSchema,
    /** Identifies this device at its next sign-in (decision 015); keep it like a cookie. */
    device_token: z.string(),
  })
  .meta({ id: 'LoginResponse' })
export type LoginResponse = z.infer<typeof loginResponseSchema>
