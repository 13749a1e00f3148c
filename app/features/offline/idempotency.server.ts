import { createHash } from 'node:crypto'
import { sql } from 'kysely'
import type { DB } from '~/db/database.server'

/**
 * The idempotency keys of writes (migration 0013, decision 040): database code only; the HTTP side
 * (reading the header, replaying the answer) is `app/api/lib/idempotency.ts`.
 */

/** A key's stored state, as a repeat finds it. */
export interface StoredKey {
  route: string
  requestHash: string
  /** Null while the first request is being answered. */
  status: number | null
  response: unknown
  /** The claim is old enough to be an abandoned one (the process died before answering). */
  abandoned: boolean
}

/** How long a claim without an answer blocks its key: past it, the claim is taken as abandoned. */
const ABANDONED_AFTER_SECONDS = 120

/** How long a key is kept: far longer than an outbox holds a record (a device offline for weeks). */
const KEEP_DAYS = 90

/** The hash a repeat is compared by: the route, the path and the body with its keys sorted. */
export function requestHash(route: string, path: string, body: unknown) {
  return createHash('sha256')
    .update(`${route}\n${path}\n${canonicalJson(body)}`)
    .digest('hex')
}

/** JSON with object keys sorted, so the same content hashes alike whatever its key order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`)
      .join(',')}}`
  return JSON.stringify(value) ?? 'null'
}

/**
 * Claims the key for this request: true when this request inserted it (it runs the write), false
 * when the key was there already. One statement, so of two identical requests at once exactly one
 * claims it (the primary key decides).
 */
export async function claimKey(
  db: DB,
  establishmentId: number,
  key: string,
  route: string,
  hash: string,
): Promise<boolean> {
  const inserted = await db
    .insertInto('idempotency_keys')
    .values({ establishment_id: establishmentId, key, route, request_hash: hash })
    .onConflict((conflict) => conflict.columns(['establishment_id', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst()
  return inserted !== undefined
}

export async function readKey(db: DB, establishmentId: number, key: string): Promise<StoredKey | undefined> {
  const row = await db
    .selectFrom('idempotency_keys')
    .select([
      'route',
      'request_hash',
      'status',
      'response',
      sql<boolean>`created_at < now() - make_interval(secs => ${ABANDONED_AFTER_SECONDS})`.as('abandoned'),
    ])
    .where('establishment_id', '=', establishmentId)
    .where('key', '=', key)
    .executeTakeFirst()
  if (!row) return undefined
  return {
    route: row.route,
    requestHash: row.request_hash,
    status: row.status,
    response: row.response,
    abandoned: row.abandoned,
  }
}

/** The first answer, kept for the repeats. */
export async function storeAnswer(
  db: DB,
  establishmentId: number,
  key: string,
  status: number,
  response: unknown,
) {
  await db
    .updateTable('idempotency_keys')
    .set({ status, response: JSON.stringify(response) })
    .where('establishment_id', '=', establishmentId)
    .where('key', '=', key)
    .execute()
}

/**
 * Frees a key whose request was refused or failed (nothing was written): a refusal is not kept, so
 * the same record sent again after the cause is gone (a session reopened) is written then.
 * `onlyAbandoned` frees it only if its claim is still unanswered and old (a takeover).
 */
export async function releaseKey(db: DB, establishmentId: number, key: string, onlyAbandoned = false) {
  let query = db
    .deleteFrom('idempotency_keys')
    .where('establishment_id', '=', establishmentId)
    .where('key', '=', key)
  if (onlyAbandoned)
    query = query
      .where('status', 'is', null)
      .where(sql<boolean>`created_at < now() - make_interval(secs => ${ABANDONED_AFTER_SECONDS})`)
  await query.execute()
}

let lastPrune = 0

/** Drops keys older than KEEP_DAYS, at most once an hour per process (one indexed delete). */
export async function pruneKeys(db: DB, now = Date.now()) {
  if (now - lastPrune < 3_600_000) return
  lastPrune = now
  await db
    .deleteFrom('idempotency_keys')
    .where(sql<boolean>`created_at < now() - make_interval(days => ${KEEP_DAYS})`)
    .execute()
}
