import { createHash, randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import type { DB } from '~/db/database.server'
import { knowMemberships, membershipsColumn } from '~/features/establishments/establishments.server'
import { addressBucket } from '~/lib/trusted-proxies'
import type { SessionUser } from './auth.schema'
import { hashPassword, needsRehash, verifyPassword } from './password.server'

/** A session token lives 12 hours, or 30 days when the user keeps the session open. */
export const TOKEN_TTL_MS = 12 * 60 * 60 * 1000
export const REMEMBERED_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000
/** Reset links are short-lived and single-use. */
export const RESET_TOKEN_TTL_MS = 30 * 60 * 1000

/**
 * Brute force (decision 015, superseding 006's account-wide lock, which let four wrong passwords an
 * hour keep the real user out). Failures are counted per client and account: a client is a device
 * that signed in to the account before (its token, kept by the browser, is a `login_devices` row) or,
 * for everyone else, the client's address. After FREE_FAILURES consecutive failures that client
 * waits FIRST_LOCK_MS, doubling per further failure up to MAX_LOCK_MS; other clients are unaffected,
 * so the owner's usual browser keeps working whoever attacks the account.
 * Clients without a known device also share two looser ceilings: ACCOUNT_FAILURE_LIMIT failures
 * per account (a distributed guess at one password) and ADDRESS_FAILURE_LIMIT per address (one
 * address trying many accounts). A successful sign-in counts against none of them.
 */
export const FREE_FAILURES = 5
export const FIRST_LOCK_MS = 30_000
export const MAX_LOCK_MS = 15 * 60 * 1000
export const ACCOUNT_FAILURE_LIMIT = { hits: 20, windowSeconds: 60 * 60 }
export const ADDRESS_FAILURE_LIMIT = { hits: 30, windowSeconds: 10 * 60 }
/** A device stays known this long after its last sign-in. */
export const DEVICE_TTL_MS = 365 * 24 * 60 * 60 * 1000

export function hashToken(token: string) {
  return createHash('sha256').update(token).digest('hex')
}

export function newToken() {
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
  | { ok: true; token: string; expiresAt: Date; user: SessionUser; deviceToken: string }
  | { ok: false; reason: 'invalid' }
  | { ok: false; reason: 'throttled'; retryAfterSeconds: number }

function throttled(until: Date, now: Date): LoginResult {
  return {
    ok: false,
    reason: 'throttled',
    retryAfterSeconds: Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000)),
  }
}

/** The known device `token` names for `userId`, if it is one. */
async function findDevice(db: DB, userId: number, token: string | undefined, now: Date) {
  if (!token) return undefined
  return db
    .selectFrom('login_devices')
    .select('id')
    .where('token_hash', '=', hashToken(token))
    .where('user_id', '=', userId)
    .where('last_used_at', '>', new Date(now.getTime() - DEVICE_TTL_MS))
    .executeTakeFirst()
}

/**
 * Takes one attempt of a client against an account, before the password is checked, so parallel
 * attempts cannot overtake the count: the FREE_FAILURES-th consecutive one already sets the wait
 * (a success then clears it). Undefined when the client is waiting: the wait's end.
 */
async function takeAttempt(db: DB, key: string, userId: number, now: Date) {
  const lock = sql`${now}::timestamptz + make_interval(secs => least(${MAX_LOCK_MS / 1000},
    ${FIRST_LOCK_MS / 1000} * power(2, least(20, greatest(0, login_throttles.failures + 1 - ${FREE_FAILURES})))))`
  const row = await sql<{ failures: number }>`
    insert into login_throttles (key, user_id, failures, locked_until, updated_at)
    values (${key}, ${userId}, 1, ${FREE_FAILURES <= 1 ? new Date(now.getTime() + FIRST_LOCK_MS) : null}, ${now})
    on conflict (key) do update set
      failures = login_throttles.failures + 1,
      locked_until = case when login_throttles.failures + 1 >= ${FREE_FAILURES} then ${lock} end,
      updated_at = ${now}
    where login_throttles.locked_until is null or login_throttles.locked_until <= ${now}
    returning failures
  `.execute(db)
  if (row.rows[0]) return { taken: true as const, failures: row.rows[0].failures }
  const held = await db
    .selectFrom('login_throttles')
    .select('locked_until')
    .where('key', '=', key)
    .executeTakeFirst()
  return { taken: false as const, until: held?.locked_until ?? now }
}

export async function login(
  db: DB,
  input: {
    email: string
    password: string
    remember?: boolean
    userAgent?: string | null
    ip?: string
    /** The device token the client got at an earlier sign-in, if any. */
    device?: string
  },
): Promise<LoginResult> {
  const now = new Date()
  const address = input.ip ?? 'desconocida'
  const user = await db
    .selectFrom('users')
    .selectAll()
    .where(sql`lower(email)`, '=', input.email.trim().toLowerCase())
    .executeTakeFirst()
  const device = user ? await findDevice(db, user.id, input.device, now) : undefined

  // Clients without a known device: one address, any account. Refunded below on success.
  const addressKey = `login-ip:${addressBucket(address)}`
  if (!device) {
    const hit = await countHit(db, addressKey, ADDRESS_FAILURE_LIMIT.windowSeconds, now)
    if (hit.hits > ADDRESS_FAILURE_LIMIT.hits) {
      console.warn(`[auth] demasiados intentos de ingreso desde ${address}`)
      return throttled(hit.windowEndsAt, now)
    }
  }

  // A deactivated account (decision 032) signs in no more than an unknown one, and answers alike.
  if (!user || user.deactivated_at !== null) {
    await verifyPassword(input.password, await decoy())
    return { ok: false, reason: 'invalid' }
  }

  const accountKey = `login-account:${user.id}`
  if (!device) {
    const account = await peekHits(db, accountKey, ACCOUNT_FAILURE_LIMIT.windowSeconds, now)
    if (account.hits >= ACCOUNT_FAILURE_LIMIT.hits) {
      console.warn(
        `[auth] demasiados intentos fallidos para ${user.email} desde dispositivos desconocidos; ingreso desde ${address} en espera`,
      )
      return throttled(account.windowEndsAt, now)
    }
  }

  const clientKey = device ? `device:${device.id}` : `address:${user.id}:${addressBucket(address)}`
  const attempt = await takeAttempt(db, clientKey, user.id, now)
  if (!attempt.taken) {
    console.warn(
      `[auth] intento de ingreso en espera para ${user.email} desde ${address}${device ? ' (dispositivo conocido)' : ''}`,
    )
    return throttled(attempt.until, now)
  }

  if (!(await verifyPassword(input.password, user.password_hash))) {
    if (!device) await countHit(db, accountKey, ACCOUNT_FAILURE_LIMIT.windowSeconds, now)
    if (attempt.failures >= FREE_FAILURES) {
      console.warn(
        `[auth] ${attempt.failures} intentos fallidos seguidos para ${user.email} desde ${address}${device ? ' (dispositivo conocido)' : ''}: ese cliente espera`,
      )
    }
    return { ok: false, reason: 'invalid' }
  }

  const token = newToken()
  const deviceToken = device && input.device ? input.device : newToken()
  const expiresAt = new Date(now.getTime() + (input.remember ? REMEMBERED_TOKEN_TTL_MS : TOKEN_TTL_MS))
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('login_throttles').where('key', '=', clientKey).execute()
    if (!device) await refundHit(trx, addressKey)
    if (needsRehash(user.password_hash)) {
      await trx
        .updateTable('users')
        .set({ password_hash: await hashPassword(input.password) })
        .where('id', '=', user.id)
        .execute()
    }
    if (device) {
      await trx.updateTable('login_devices').set({ last_used_at: now }).where('id', '=', device.id).execute()
    } else {
      await trx
        .insertInto('login_devices')
        .values({ user_id: user.id, token_hash: hashToken(deviceToken), created_at: now, last_used_at: now })
        .execute()
    }
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
  return { ok: true, token, expiresAt, user: toSessionUser(user), deviceToken }
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
    // The caller's establishments in the same statement: nearly every request then checks one of
    // them, and this saves it a round trip (decision 054).
    .select((eb) => membershipsColumn(eb).as('memberships'))
    .where('t.token_hash', '=', hashToken(token))
    .where('t.revoked_at', 'is', null)
    // Deactivation also revokes the tokens; this keeps a token issued in between from working.
    .where('u.deactivated_at', 'is', null)
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
  const user: AuthenticatedUser = {
    ...toSessionUser(row),
    is_super_admin: row.is_super_admin,
    token_id: row.token_id,
    token_expires_at: row.expires_at,
  }
  knowMemberships(user, row.memberships)
  return user
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
    .where('deactivated_at', 'is', null)
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
        updated_at: new Date(),
        version: sql`version + 1`,
      })
      .where('id', '=', used.user_id)
      .execute()
    // Whoever proved they hold the e-mail starts clean; the browsers that knew the old password
    // are no longer trusted (a reset often follows a stolen password).
    await trx.deleteFrom('login_throttles').where('user_id', '=', used.user_id).execute()
    await trx.deleteFrom('login_devices').where('user_id', '=', used.user_id).execute()
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
 * Fixed-window counters shared by every instance (they live in the database). `now` comes from the
 * app's clock, not the database's, so tests can move time and instances agree on what they wrote.
 */
async function countHit(db: DB, key: string, windowSeconds: number, now = new Date()) {
  const row = await sql<{ hits: number; window_started_at: Date }>`
    insert into rate_limits (key, window_started_at, hits) values (${key}, ${now}, 1)
    on conflict (key) do update set
      hits = case when rate_limits.window_started_at <= ${now}::timestamptz - make_interval(secs => ${windowSeconds}) then 1 else rate_limits.hits + 1 end,
      window_started_at = case when rate_limits.window_started_at <= ${now}::timestamptz - make_interval(secs => ${windowSeconds}) then ${now} else rate_limits.window_started_at end
    returning hits, window_started_at
  `.execute(db)
  const hit = row.rows[0]
  const started = hit ? new Date(hit.window_started_at) : now
  return { hits: hit?.hits ?? 1, windowEndsAt: new Date(started.getTime() + windowSeconds * 1000) }
}

/** The hits of a window without adding one. */
async function peekHits(db: DB, key: string, windowSeconds: number, now: Date) {
  const row = await db.selectFrom('rate_limits').selectAll().where('key', '=', key).executeTakeFirst()
  const started = row ? new Date(row.window_started_at) : now
  const current = row && now.getTime() - started.getTime() < windowSeconds * 1000
  return { hits: current ? row.hits : 0, windowEndsAt: new Date(started.getTime() + windowSeconds * 1000) }
}

/** Gives back a hit that turned out not to be a failure. */
async function refundHit(db: DB, key: string) {
  await db
    .updateTable('rate_limits')
    .set({ hits: sql`greatest(hits - 1, 0)` })
    .where('key', '=', key)
    .execute()
}

/** Counts a hit; whether it is within the limit. */
export async function hitRateLimit(db: DB, key: string, limit: number, windowSeconds: number) {
  return (await countHit(db, key, windowSeconds)).hits <= limit
}
