import { sql } from 'kysely'
import type { DB } from '~/db/database.server'

/**
 * Answers about an establishment's herd (the animal list's pages), cached per process and keyed by
 * what the database says the herd is (decision 043): the establishment's herd token (migration
 * 0019, replaced in the writer's transaction by any write to animals, the latest-event tables or
 * alerts), the framework token that keys the lookups' names (0006, decision 027) and the database's
 * current date (ages). Several app instances on one database stay right because nothing in the app
 * invalidates anything: every request reads the tokens first, in one statement, before any data, so
 * an answer stored under a key may be newer than the key but never older; a write committed after
 * that read changes the token the next request reads.
 *
 * Time also changes an answer without a write: an alert with an end (`ends_at`) stops being active
 * when it passes. An answer is stored with the first end still ahead of it, read before its data,
 * and is not served once the database's clock passes it.
 */

/** The herd's state as one statement reads it, before the answer's data. */
export interface HerdState {
  /** The key every answer read at this state shares. */
  version: string
  /** The database's local time (`localtimestamp`), as epoch seconds, the frame of `ends_at`. */
  now: number
}

export async function readHerdState(db: DB, establishmentId: number): Promise<HerdState> {
  const { rows } = await sql<{ herd: string | null; framework: string; today: string; now: number }>`
    select (select token::text from herd_versions where establishment_id = ${establishmentId}) as herd,
      (select token::text from framework_version) as framework,
      current_date::text as today, extract(epoch from localtimestamp)::float8 as now`.execute(db)
  const row = rows[0] as (typeof rows)[number]
  // No row: no animal of this establishment written since migration 0019 (which gave every
  // establishment then existing its row); the first write adds it, with a token.
  return { version: `${row.herd ?? 'none'} ${row.framework} ${row.today}`, now: Number(row.now) }
}

/** The first end of an active alert of the establishment still ahead, as epoch seconds, if any. */
async function nextAlertEnd(db: DB, establishmentId: number): Promise<number | null> {
  const { rows } = await sql<{ ends: number | null }>`
    select extract(epoch from min(ends_at))::float8 as ends from alerts
    where establishment_id = ${establishmentId} and active and ends_at > localtimestamp`.execute(db)
  const ends = rows[0]?.ends
  return ends === null || ends === undefined ? null : Number(ends)
}

interface Entry {
  version: string
  value: unknown
  bytes: number
  /** Not served from this database time on (an alert's end), or never. */
  expiresAt: number | null
}

/**
 * At most this many bytes of answers per app instance (a 50-row page is ~75 KB of JSON), the least
 * recently served dropped first. An entry of an older version is replaced when its key is next
 * asked for, or ages out.
 */
export const HERD_ANSWERS_MAX_BYTES = 32 * 1024 * 1024

export type HerdAnswers = ReturnType<typeof createHerdAnswers>

/**
 * One app instance's cache of herd answers (the API app makes one: two apps in one process, as the
 * tests run two instances, keep apart what two servers would).
 */
export function createHerdAnswers(maxBytes = HERD_ANSWERS_MAX_BYTES) {
  const entries = new Map<string, Entry>()
  let storedBytes = 0
  /** Answers being computed, by key and version: concurrent misses (after a write) compute once. */
  const computing = new Map<string, Promise<Entry>>()

  function store(key: string, entry: Entry) {
    const previous = entries.get(key)
    if (previous) {
      storedBytes -= previous.bytes
      entries.delete(key)
    }
    if (entry.bytes > maxBytes) return
    entries.set(key, entry)
    storedBytes += entry.bytes
    for (const [oldest, old] of entries) {
      if (storedBytes <= maxBytes) break
      entries.delete(oldest)
      storedBytes -= old.bytes
    }
  }

  /**
   * The answer `compute` gives for `request` (any JSON-able value naming the question: its kind and
   * normalized query) about the establishment's herd, from the cache when one was computed at the
   * herd's current state. `bytes` sizes an answer for the cache's budget.
   */
  async function answer<T>(
    db: DB,
    establishmentId: number,
    request: unknown,
    compute: () => Promise<T>,
    bytes: (answer: T) => number,
  ): Promise<T> {
    const state = await readHerdState(db, establishmentId)
    const key = `${establishmentId} ${JSON.stringify(request)}`
    const cached = entries.get(key)
    if (
      cached &&
      cached.version === state.version &&
      (cached.expiresAt === null || state.now < cached.expiresAt)
    ) {
      // Most recently served last: the budget drops the least recently served first.
      entries.delete(key)
      entries.set(key, cached)
      return cached.value as T
    }
    const computingKey = `${key} ${state.version}`
    let pending = computing.get(computingKey)
    if (!pending) {
      pending = (async () => {
        // Read before the data: an alert ending between the two makes the entry expire early, never late.
        const expiresAt = await nextAlertEnd(db, establishmentId)
        const value = await compute()
        return { version: state.version, value, bytes: bytes(value), expiresAt }
      })()
      computing.set(computingKey, pending)
      try {
        store(key, await pending)
      } finally {
        computing.delete(computingKey)
      }
    }
    return (await pending).value as T
  }

  return {
    answer,
    /** Entries held and their bytes (tests). */
    size: () => ({ entries: entries.size, bytes: storedBytes }),
  }
}
