/**
 * What the sign-in pages check and say in the browser: the messages, the `error`/`notice` search
 * parameter and the credentials' rules. Without zod (decisions 042, 046): route search schemas and
 * the login form load with every page's first script, where zod would cost ~17 KB gzip.
 * auth.schema.ts re-exports all of it and holds the server's zod schemas.
 */
import { dropInvalid, oneOf } from '~/lib/search-params'

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
export const authMessageParam = dropInvalid(oneOf(Object.keys(AUTH_MESSAGES) as AuthMessageKey[]))

/** What the sign-in checks say: the browser's form and the server's schema (auth.schema.ts) alike. */
export const LOGIN_MESSAGES = {
  username: `El nombre de usuario debe tener al menos ${USERNAME_MIN_LENGTH} caracteres.`,
  password: `La contraseña debe tener al menos ${PASSWORD_MIN_LENGTH} caracteres.`,
} as const

/** What the login form sends: the user's e-mail and password. */
export interface LoginValues {
  username: string
  password: string
}

/**
 * The login form's check in the browser, each field's message or nothing: the rules of
 * auth.schema.ts's `loginSchema` (the API's, the server function's and the form posted without
 * scripts, zod, which the OpenAPI document needs), from the same lengths and messages;
 * `auth.schema.test.ts` checks that both agree.
 */
export function loginFormErrors(values: LoginValues): Partial<Record<keyof LoginValues, string>> {
  const errors: Partial<Record<keyof LoginValues, string>> = {}
  if (values.username.length < USERNAME_MIN_LENGTH) errors.username = LOGIN_MESSAGES.username
  if (values.password.length < PASSWORD_MIN_LENGTH) errors.password = LOGIN_MESSAGES.password
  return errors
}
