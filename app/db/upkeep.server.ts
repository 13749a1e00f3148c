import { type KyselyPlugin, PGliteAdapter, sql } from 'kysely'
import type { DB } from './database.server'

/**
 * The embedded database's own upkeep (decision 027). A PostgreSQL server runs autovacuum; PGlite
 * runs none, so without this its planner works from no statistics and its counts cannot use
 * index-only scans (no visibility map). The rules are autovacuum's defaults, read from the same
 * counters (pg_stat_user_tables).
 */

export interface TableUpkeep {
  table: string
  vacuum: boolean
  analyze: boolean
}

/**
 * Autovacuum's default thresholds: vacuum after dead rows or inserts past a fifth of the table
 * (50 and 1,000 rows at least), analyze after changes past a tenth (50 rows at least).
 */
const VACUUM_DEAD = { base: 50, scale: 0.2 }
const VACUUM_INSERTED = { base: 1000, scale: 0.2 }
const ANALYZE_CHANGED = { base: 50, scale: 0.1 }

/** Below this many written rows no table can be due for ANALYZE. */
export const BULK_WRITE_MIN_ROWS = ANALYZE_CHANGED.base

/** The tables (all of the public schema, or those named) past a threshold, largest first. */
export async function tablesDue(db: DB, tables?: readonly string[]): Promise<TableUpkeep[]> {
  // A backend publishes its counters at most once a second, when idle; PGlite's one backend is
  // never idle in that sense: ask for them now (a function PostgreSQL 15 added, hence the guard).
  await sql`do $$ begin perform pg_stat_force_next_flush(); exception when undefined_function then null; end $$`.execute(
    db,
  )
  const { rows } = await sql<{ table: string; vacuum: boolean; analyze: boolean }>`
    select s.relname as table,
      (s.n_dead_tup > ${VACUUM_DEAD.base} + ${VACUUM_DEAD.scale} * greatest(c.reltuples, 0)
        or s.n_ins_since_vacuum > ${VACUUM_INSERTED.base} + ${VACUUM_INSERTED.scale} * greatest(c.reltuples, 0)) as vacuum,
      s.n_mod_since_analyze > ${ANALYZE_CHANGED.base} + ${ANALYZE_CHANGED.scale} * greatest(c.reltuples, 0) as analyze
    from pg_stat_user_tables s join pg_class c on c.oid = s.relid
    where s.schemaname = 'public'
      ${tables ? sql`and s.relname in (${sql.join(tables)})` : sql``}
    order by c.relpages desc, s.relname
  `.execute(db)
  return rows.filter((row) => row.vacuum || row.analyze)
}

export interface UpkeepOptions {
  /** Only these tables. */
  tables?: readonly string[]
  /** Analyze only (no VACUUM): for a request's own path, where a vacuum's time is not wanted. */
  analyzeOnly?: boolean
  /** Asked before each table: false stops the pass there (a request came in). */
  shouldContinue?: () => boolean
}

/** One pass over the tables due: VACUUM ANALYZE or ANALYZE each. Returns the statements run. */
export async function runUpkeep(db: DB, options: UpkeepOptions = {}): Promise<string[]> {
  const due = await tablesDue(db, options.tables)
  const done: string[] = []
  for (const entry of due) {
    if (options.shouldContinue && !options.shouldContinue()) break
    const vacuum = entry.vacuum && !options.analyzeOnly
    if (!vacuum && !entry.analyze) continue
    const statement = vacuum ? 'vacuum analyze' : 'analyze'
    await sql`${sql.raw(statement)} ${sql.table(entry.table)}`.execute(db)
    done.push(`${statement} ${entry.table}`)
  }
  return done
}

/**
 * After a bulk write (an upload, a bulk move): on PGlite, ANALYZE the written tables that changed
 * enough, so the next list is planned on fresh statistics; the VACUUM waits for a quiet moment
 * (startIdleUpkeep). A server's autovacuum does both itself.
 */
export async function analyzeAfterBulkWrite(db: DB, tables: readonly string[]) {
  if (!(db.getExecutor().adapter instanceof PGliteAdapter)) return
  await runUpkeep(db, { tables, analyzeOnly: true })
}

export interface IdleUpkeepOptions {
  /** How often the timer looks for a quiet moment (default one minute). */
  everyMs?: number
  /** How long without requests or queries counts as quiet (default five seconds). */
  idleMs?: number
  log?: (message: string) => void
}

export interface IdleUpkeep {
  /** A request starts; the returned function says it ended. */
  enter: () => () => void
  /** Marks the database in use by every query of the app's db (see `db` of the handle). */
  plugin: KyselyPlugin
  /** One look: a pass runs if the database is quiet. Resolves with what it ran. */
  tick: () => Promise<string[]>
  /** Stops the timer and waits for a pass in progress. */
  stop: () => Promise<void>
}

/**
 * VACUUM ANALYZE while the server is idle, for PGlite: its queries run one at a time on the main
 * thread, so upkeep must not sit in front of a request. A pass starts only when no request is in
 * flight and nothing queried the database for `idleMs`; it checks again before each table and stops
 * when a request has come in (the rest waits for the next quiet moment).
 */
export function startIdleUpkeep(db: DB, options: IdleUpkeepOptions = {}): IdleUpkeep {
  const everyMs = options.everyMs ?? 60_000
  const idleMs = options.idleMs ?? 5_000
  let inFlight = 0
  let lastActivity = Date.now()
  let running: Promise<string[]> | undefined
  let stopped = false
  const quiet = () => !stopped && inFlight === 0 && Date.now() - lastActivity >= idleMs

  const tick = () => {
    if (running) return running
    if (!quiet()) return Promise.resolve([])
    running = runUpkeep(db, { shouldContinue: () => inFlight === 0 && !stopped })
      .then((done) => {
        if (done.length > 0) options.log?.(`Mantenimiento de la base: ${done.join(', ')}`)
        return done
      })
      .catch((error) => {
        console.error('[db] el mantenimiento de la base falló', error)
        return []
      })
      .finally(() => {
        running = undefined
      })
    return running
  }
  const timer = setInterval(() => void tick(), everyMs)
  timer.unref()

  return {
    enter() {
      inFlight++
      lastActivity = Date.now()
      let left = false
      return () => {
        if (left) return
        left = true
        inFlight--
        lastActivity = Date.now()
      }
    },
    plugin: {
      transformQuery(args) {
        lastActivity = Date.now()
        return args.node
      },
      async transformResult(args) {
        return args.result
      },
    },
    tick,
    async stop() {
      stopped = true
      clearInterval(timer)
      await running
    },
  }
}
