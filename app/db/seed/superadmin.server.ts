import { type Kysely, sql } from 'kysely'
import { z } from 'zod'
import { newPasswordSchema } from '~/features/auth/auth.schema'
import { hashPassword } from '~/features/auth/password.server'
import type { Database } from '../schema'

/** A problem with what the operator typed: the script prints the message, not a stack trace. */
export class InvalidUserInput extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'InvalidUserInput'
  }
}

export const superAdminSchema = z.object({
  email: z.email('Ingrese un correo electrónico válido').max(254),
  name: z.string().trim().min(1, 'El nombre es obligatorio.').max(100),
  surname: z.string().trim().max(100),
  password: newPasswordSchema,
})
export type SuperAdminInput = z.infer<typeof superAdminSchema>

/** The first message of each invalid field, in the order of the form. */
export function validateSuperAdmin(input: Record<string, unknown>) {
  const parsed = superAdminSchema.safeParse({ ...input, email: String(input.email ?? '').trim() })
  if (parsed.success) return { ok: true as const, value: parsed.data }
  return { ok: false as const, errors: parsed.error.issues.map((i) => i.message) }
}

export async function emailTaken(db: Kysely<Database>, email: string) {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where(sql`lower(email)`, '=', email.trim().toLowerCase())
    .executeTakeFirst()
  return row !== undefined
}

const duplicate = (email: string) => new InvalidUserInput(`Ya existe un usuario con el correo ${email}.`)

/** Creates a superadmin (spec section 6). E-mails are unique regardless of case. */
export async function createSuperAdmin(db: Kysely<Database>, input: SuperAdminInput) {
  const checked = validateSuperAdmin(input)
  if (!checked.ok) throw new InvalidUserInput(checked.errors.join('\n'))
  const { email, name, surname, password } = checked.value
  if (await emailTaken(db, email)) throw duplicate(email)
  const password_hash = await hashPassword(password)
  try {
    return await db
      .insertInto('users')
      .values({ email, name, surname, password_hash, is_super_admin: true })
      .returning(['id', 'email', 'name', 'surname'])
      .executeTakeFirstOrThrow()
  } catch (error) {
    // Someone else took the address between the check and the insert.
    if ((error as { code?: string }).code === '23505') throw duplicate(email)
    throw error
  }
}
