import { sql } from 'kysely'
import type { DB } from './database.server'

/**
 * Runs `work` in a transaction with PostgreSQL's JIT compilation off and room to sort in memory. A report statement over tens
 * of thousands of rows (a nested loop of index probes, say) is estimated far above `jit_above_cost`,
 * and compiling it with LLVM took longer than running it: 4.8 s of a 7.4 s feedlot board on the
 * benchmark's server (decision 038, addendum). `set local` ends with the transaction, so the pooled
 * connection goes back as it was. PGlite has no JIT; the setting exists there and does nothing.
 * `work_mem` 32 MB: the board sorts ~270,000 joined weighings (~30 MB); at the default 4 MB the sort
 * spilled to disk (external merge).
 */
export function withReportSettings<T>(db: DB, work: (trx: DB) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await sql`set local jit = off`.execute(trx)
    await sql`set local work_mem = '32MB'`.execute(trx)
    return work(trx)
  })
}
