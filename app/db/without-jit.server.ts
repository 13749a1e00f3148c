import { sql } from 'kysely'
import type { DB } from './database.server'

/**
 * Runs `work` in a transaction with PostgreSQL's JIT compilation off. A report statement over tens
 * of thousands of rows (a nested loop of index probes, say) is estimated far above `jit_above_cost`,
 * and compiling it with LLVM took longer than running it: 4.8 s of a 7.4 s feedlot board on the
 * benchmark's server (decision 038, addendum). `set local` ends with the transaction, so the pooled
 * connection goes back as it was. PGlite has no JIT; the setting exists there and does nothing.
 */
export function withoutJit<T>(db: DB, work: (trx: DB) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await sql`set local jit = off`.execute(trx)
    return work(trx)
  })
}
