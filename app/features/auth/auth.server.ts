import { createHash, randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import type { DB } from '~/db/database.server'
import type { SessionUser } from './auth.schema'
import { hashPassword, needsRehash, verifyPassword } from './password.server'

/** A session token lives 12 hours, or 30 days when the user keeps the session open. */
export const TOKEN_TTL_MS = 12 * 60 * 60 * 1000
export const REMEMBERED_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000
/** Reset links are short-lived and single-use. */
export const RESET_TOKEN_TTL_MS = 30 * 60 * 1000

/**
 * Brute force: after FREE_FAILURES consecutive failures an account is throttled for a delay that
 * doubles with each further failure, capped at MAX_LOCK_MS, so an attacker can never keep the real
 * user out for more than a quarter of an hour at a time.
 */
export const FREE_FAILURES = 5
export const MAX_LOCK_MS = 15 * 60 * 1000

export function hashToken(token: string) {
  return createHash('sha256').update(token).digest('hex')
}

function newToken() {
  return randomBytes(32).toString('base64url')
}

/** A hash to compare against when the account does not exist, so timing does not reveal it. */
let decoyHash: Promise<string> | undefined
function decoy() {
  decoyHash ??= hashPassword(randomBytes(16).toString('hex'))
  return decoyHash
}

export function toSessionUser(row: {
  id: number
  name: string
  surname: string
  email: string
  must_change_password: boolean
}): SessionUser {
  return {
    id: row.id,
    name: row.name,
    surname: row.surname,
    email: row.email,
    must_change_password: row.must_change_password ? 1 : 0,
  }
}

export type AuthenticatedUser = SessionUser & {
  is_super_admin: boolean
  token_id: number
  token_expires_at: Date
}

/** A token with more life left than a plain session is a kept ("remember me") session. */
export function isRemembered(expiresAt: Date) {
  return expiresAt.getTime() - Date.now() > TOKEN_TTL_MS
}

export type LoginResult =
  | { ok: true; token: string; expiresAt: Date; user: SessionUser }
  | { ok: false; reason: 'invalid' }
  | { ok: false; reason: 'throttled'; retryAfterSeconds: number }

export async function login(
  db: DB,
  input: { email: string; password: string; remember?: boolean; userAgent?: string | null; ip?: string },
): Promise<LoginResult> {
  const user = await db
    .selectFrom('users')
    .selectAll()
    .where(sql`lower(email)`, '=', input.email.trim().toLowerCase())
    .executeTakeFirst()

  if (!user) {
    await verifyPassword(input.password, await decoy())
    return { ok: false, reason: 'invalid' }
  }

  const now = Date.now()
  if (user.locked_until && user.locked_until.getTime() > now) {
    console.warn(`[auth] intento de ingreso bloqueado para ${user.email} desde ${input.ip ?? 'desconocida'}`)
    return {
      ok: false,
      reason: 'throttled',
      retryAfterSeconds: Math.ceil((user.locked_until.getTime() - now) / 1000),
    }
  }

  if (!(await verifyPassword(input.password, user.password_hash))) {
    const failures = user.failed_login_count + 1
    const lockMs =
      failures >= FREE_FAILURES ? Math.min(MAX_LOCK_MS, 30_000 * 2 ** (failures - FREE_FAILURES)) : 0
    await db
      .updateTable('users')
      .set({
        failed_login_count: failures,
        last_failed_login_at: new Date(now),
        locked_until: lockMs ? new Date(now + lockMs) : null,
      })
      .where('id', '=', user.id)
      .execute()
    if (lockMs) {
      console.warn(
        `[auth] ${failures} intentos fallidos para ${user.email} (último desde ${input.ip ?? 'desconocida'}); bloqueado ${lockMs / 1000} s`,
      )
    }
    return { ok: false, reason: 'invalid' }
  }

  const token = newToken()
  const expiresAt = new Date(now + (input.remember ? REMEMBERED_TOKEN_TTL_MS : TOKEN_TTL_MS))
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({
        failed_login_count: 0,
        locked_until: null,
        ...(needsRehash(user.password_hash) ? { password_hash: await hashPassword(input.password) } : {}),
      })
      .where('id', '=', user.id)
      .execute()
    await trx
      .insertInto('auth_tokens')
      .values({
        user_id: user.id,
        token_hash: hashToken(token),
        expires_at: expiresAt,
        user_agent: input.userAgent?.slice(0, 300) ?? null,
      })
      .execute()
  })
  return { ok: true, token, expiresAt, user: toSessionUser(user) }
}

/** The user behind a bearer token, if the token is known, not revoked and not expired. */
export async function authenticate(db: DB, token: string): Promise<AuthenticatedUser | undefined> {
  const row = await db
    .selectFrom('auth_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select([
      't.id as token_id',
      't.last_used_at',
      't.expires_at',
      'u.id',
      'u.name',
      'u.surname',
      'u.email',
      'u.must_change_password',
      'u.is_super_admin',
    ])
    .where('t.token_hash', '=', hashToken(token))
    .where('t.revoked_at', 'is', null)
    .where('t.expires_at', '>', new Date())
    .executeTakeFirst()
  if (!row) return undefined
  // Record use at most once a minute: a write on every request would serialise the embedded engine.
  if (!row.last_used_at || Date.now() - row.last_used_at.getTime() > 60_000) {
    await db
      .updateTable('auth_tokens')
      .set({ last_used_at: new Date() })
      .where('id', '=', row.token_id)
      .execute()
  }
  return {
    ...toSessionUser(row),
    is_super_admin: row.is_super_admin,
    token_id: row.token_id,
    token_expires_at: row.expires_at,
  }
}

/** Keeps the session open for 30 days from now, or back to a plain 12-hour session. */
export async function setTokenRemembered(db: DB, tokenId: number, remember: boolean) {
  const expiresAt = new Date(Date.now() + (remember ? REMEMBERED_TOKEN_TTL_MS : TOKEN_TTL_MS))
  await db.updateTable('auth_tokens').set({ expires_at: expiresAt }).where('id', '=', tokenId).execute()
  return expiresAt
}

export async function revokeToken(db: DB, tokenId: number) {
  await db.updateTable('auth_tokens').set({ revoked_at: new Date() }).where('id', '=', tokenId).execute()
}

/**
 * Changes the password after checking the current one. Every other session of the user is revoked;
 * the one making the change stays valid until the UI signs out (spec: after 3 seconds).
 */
export async function changePassword(
  db: DB,
  user: AuthenticatedUser,
  input: { current_password: string; new_password: string },
): Promise<'ok' | 'wrong-current' | 'same-password'> {
  const row = await db
    .selectFrom('users')
    .select('password_hash')
    .where('id', '=', user.id)
    .executeTakeFirstOrThrow()
  if (!(await verifyPassword(input.current_password, row.password_hash))) return 'wrong-current'
  if (input.current_password === input.new_password) return 'same-password'
  const password_hash = await hashPassword(input.new_password)
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ password_hash, must_change_password: false, updated_at: new Date(), version: sql`version + 1` })
      .where('id', '=', user.id)
      .execute()
    await trx
      .updateTable('auth_tokens')
      .set({ revoked_at: new Date() })
      .where('user_id', '=', user.id)
      .where('id', '<>', user.token_id)
      .where('revoked_at', 'is', null)
      .execute()
    await trx
      .insertInto('audit_log')
      .values({ user_id: user.id, action: 'password_change', entity: 'user', entity_id: String(user.id) })
      .execute()
  })
  return 'ok'
}

/**
 * Creates a reset token for the address if it belongs to a user. The caller answers the same
 * whatever happens here, so the API does not reveal which addresses have accounts.
 */
export async function createPasswordReset(db: DB, email: string, ip: string | undefined) {
  const user = await db
    .selectFrom('users')
    .select(['id', 'email', 'name'])
    .where(sql`lower(email)`, '=', email.trim().toLowerCase())
    .executeTakeFirst()
  if (!user) return undefined
  const token = newToken()
  await db
    .insertInto('password_reset_tokens')
    .values({
      user_id: user.id,
      token_hash: hashToken(token),
      expires_at: new Date(Date.now() + RESET_TOKEN_TTL_MS),
      requested_ip: ip ?? null,
    })
    .execute()
  return { token, user }
}

/** Uses a reset token once: sets the new password and ends every session of the user. */
export async function confirmPasswordReset(db: DB, token: string, newPassword: string): Promise<boolean> {
  const password_hash = await hashPassword(newPassword)
  return db.transaction().execute(async (trx) => {
    const used = await trx
      .updateTable('password_reset_tokens')
      .set({ used_at: new Date() })
      .where('token_hash', '=', hashToken(token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', new Date())
      .returning('user_id')
      .executeTakeFirst()
    if (!used) return false
    await trx
      .updateTable('users')
      .set({
        password_hash,
        must_change_password: false,
        failed_login_count: 0,
        locked_until: null,
        updated_at: new Date(),
        version: sql`version + 1`,
      })
      .where('id', '=', used.user_id)
      .execute()
    await trx
      .updateTable('auth_tokens')
      .set({ revoked_at: new Date() })
      .where('user_id', '=', used.user_id)
      .where('revoked_at', 'is', null)
      .execute()
    // Any other outstanding link of this user dies with this one.
    await trx
      .updateTable('password_reset_tokens')
      .set({ used_at: new Date() })
      .where('user_id', '=', used.user_id)
      .where('used_at', 'is', null)
      .execute()
    await trx
      .insertInto('audit_log')
      .values({
        user_id: used.user_id,
        action: 'password_reset',
        entity: 'user',
        entity_id: String(used.user_id),
      })
      .execute()
    return true
  })
}

/**
 * Fixed-window counter shared by every instance (it lives in the database). Returns whether this
 * hit is within the limit.
 */
export async function hitRateLimit(db: DB, key: string, limit: number, windowSeconds: number) {
  const row = await sql<{ hits: number }>`
    insert into rate_limits (key, window_started_at, hits) values (${key}, now(), 1)
    on conflict (key) do update set
      hits = case when rate_limits.window_started_at < now() - make_interval(secs => ${windowSeconds}) then 1 else rate_limits.hits + 1 end,
      window_started_at = case when rate_limits.window_started_at < now() - make_interval(secs => ${windowSeconds}) then now() else rate_limits.window_started_at end
    returning hits
  `.execute(db)
  return (row.rows[0]?.hits ?? 1) <= limit
}
