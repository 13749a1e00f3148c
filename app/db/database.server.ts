import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { Kysely, PGliteDialect, PostgresDialect, sql } from 'kysely'
import { Migrator } from 'kysely/migration'
import pg from 'pg'
import { getEnv } from '~/lib/env.server'
import { lockDataDirectory } from './data-dir-lock.server'
import { migrationProvider } from './migrations'
import type { Database } from './schema'
import { DATABASE_TIME_ZONE, typeParsers } from './type-parsers'
import { type IdleUpkeep, startIdleUpkeep } from './upkeep.server'

export type DB = Kysely<Database>
export type DatabaseEngine = 'pglite' | 'postgres'

export interface DatabaseHandle {
  db: DB
  engine: DatabaseEngine
  close: () => Promise<void>
  /** PGlite's idle upkeep, on the process-wide database: requests say when they are in flight. */
  upkeep?: IdleUpkeep
}

export type DatabaseTarget =
  | { engine: 'pglite'; dataDir?: string }
  | { engine: 'postgres'; connectionString: string; max?: number }

/** Opens a database without migrating it. `dataDir` undefined means an in-memory PGlite (tests). */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.engine === 'postgres') {
    const pool = new pg.Pool({
      connectionString: target.connectionString,
      max: target.max ?? 10,
      options: `-c TimeZone=${DATABASE_TIME_ZONE}`,
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          typeParsers[oid] ?? pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
    })
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
    return { db, engine: 'postgres', close: () => db.destroy() }
  }

  let unlock: (() => void) | undefined
  let dataDir: string | undefined
  if (target.dataDir) {
    dataDir = path.join(path.resolve(target.dataDir), 'pglite')
    unlock = lockDataDirectory(path.resolve(target.dataDir))
    mkdirSync(dataDir, { recursive: true })
  }
  try {
    const pglite = await PGlite.create(dataDir, { parsers: typeParsers })
    await pglite.exec(`set time zone '${DATABASE_TIME_ZONE}'`)
    // PGlite is one connection: Kysely's PGlite adapter declares it, so Kysely queues every query
    // and transaction behind the one in progress (database.server.test.ts proves it).
    const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) })
    return {
      db,
      engine: 'pglite',
      close: async () => {
        try {
          await db.destroy()
        } finally {
          unlock?.()
        }
      },
    }
  } catch (error) {
    unlock?.()
    throw error
  }
}

export async function migrateToLatest(db: DB) {
  const migrator = new Migrator({ db, provider: migrationProvider })
  const { error, results } = await migrator.migrateToLatest()
  const failed = results?.find((r) => r.status === 'Error')
  if (error || failed) {
    throw new Error(`La migración ${failed?.migrationName ?? ''} falló: ${String(error)}`, { cause: error })
  }
  return results?.filter((r) => r.status === 'Success').map((r) => r.migrationName) ?? []
}

export async function isReachable(db: DB) {
  try {
    await sql`select 1`.execute(db)
    return true
  } catch {
    return false
  }
}

/** The database the configuration (env) selects. */
export function configuredTarget(): DatabaseTarget {
  const env = getEnv()
  return env.DATABASE_URL
    ? { engine: 'postgres', connectionString: env.DATABASE_URL }
    : { engine: 'pglite', dataDir: env.DATA_DIR }
}

/**
 * The process-wide database. Kept on globalThis because the production server script and the
 * bundled app are two copies of this module in one process (and Vite reloads modules in dev):
 * all must share one PGlite, which may only be opened once.
 */
const GLOBAL_KEY = Symbol.for('insights.database')
type GlobalSlot = { [GLOBAL_KEY]?: Promise<DatabaseHandle> }
const slot = globalThis as GlobalSlot

export interface StartOptions {
  /**
   * Writes data into the database once it is migrated, answering whether it wrote any. The demo
   * seed is handed in by the entry points that want it (`scripts/serve.ts`, `npm run dev` through
   * `db:seed`), so the app's own code never imports the seed (decision 023).
   */
  seed?: (db: DB, engine: DatabaseEngine) => Promise<boolean>
  log?: (message: string) => void
}

export function startDatabase(options: StartOptions = {}): Promise<DatabaseHandle> {
  slot[GLOBAL_KEY] ??= (async () => {
    const log = options.log ?? (() => {})
    const target = configuredTarget()
    const handle = await openDatabase(target)
    try {
      const applied = await migrateToLatest(handle.db)
      if (applied.length > 0) log(`Migraciones aplicadas: ${applied.join(', ')}`)
      // The spec's reference values (categories, breeds, diagnoses…) exist on every database, demo or not.
      const { ensureLookups } = await import('./lookups.server')
      await ensureLookups(handle.db)
      if (options.seed && (await options.seed(handle.db, handle.engine)))
        log('Datos de demostración escritos en la base vacía.')
      if (handle.engine === 'pglite') keepStatisticsFresh(handle, log)
      return handle
    } catch (error) {
      await handle.close()
      throw error
    }
  })()
  const started = slot[GLOBAL_KEY]
  // A failed start must not be cached: the next call tries again.
  started.catch(() => {
    if (slot[GLOBAL_KEY] === started) delete slot[GLOBAL_KEY]
  })
  return started
}

/**
 * PGlite runs no autovacuum worker: its own upkeep runs VACUUM ANALYZE where autovacuum would, in a
 * quiet moment only (decision 027). The app's queries go through the upkeep's plugin (they mark the
 * database busy) and the API marks each request in flight; closing stops the upkeep first.
 */
function keepStatisticsFresh(handle: DatabaseHandle, log: (message: string) => void) {
  const upkeep = startIdleUpkeep(handle.db, { log })
  const close = handle.close
  handle.upkeep = upkeep
  handle.db = handle.db.withPlugin(upkeep.plugin)
  handle.close = async () => {
    await upkeep.stop()
    await close()
  }
}

/** The process-wide database, opened (and migrated) on first use. */
export async function getDb(): Promise<DB> {
  return (await startDatabase()).db
}

export async function stopDatabase() {
  const started = slot[GLOBAL_KEY]
  if (!started) return
  delete slot[GLOBAL_KEY]
  const handle = await started.catch(() => undefined)
  await handle?.close()
}
