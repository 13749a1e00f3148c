import { z } from 'zod'

// Spec, business constants: username at least 2 characters, password at least 8.
export const USERNAME_MIN_LENGTH = 2
export const PASSWORD_MIN_LENGTH = 8

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
