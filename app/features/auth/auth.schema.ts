import { z } from 'zod'

import { AUTH_MESSAGES, LOGIN_MESSAGES, PASSWORD_MIN_LENGTH, USERNAME_MIN_LENGTH } from './auth.messages'

export {
  AUTH_MESSAGES,
  type AuthMessageKey,
  authMessageKey,
  authMessageParam,
  LOGIN_MESSAGES,
  type LoginValues,
  PASSWORD_MIN_LENGTH,
  USERNAME_MIN_LENGTH,
} from './auth.messages'

/**
 * Sign-in credentials (API, server function, the form posted without scripts). The username is the
 * user's e-mail; only its length is checked. The login page checks the same rules with
 * `loginFormSchema` (auth.messages.ts, zod/mini).
 */
export const loginSchema = z.object({
  username: z.string().min(USERNAME_MIN_LENGTH, LOGIN_MESSAGES.username),
  password: z.string().min(PASSWORD_MIN_LENGTH, LOGIN_MESSAGES.password),
})

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
