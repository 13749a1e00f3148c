import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { resetEnvCache } from '~/lib/env.server'
import { DataDirectoryInUseError } from './data-dir-lock.server'
import { migrateToLatest, openDatabase, startDatabase, stopDatabase } from './database.server'

const dirs: string[] = []
function tempDataDir() {
  const dir = mkdtempSync(path.join(tmpdir(), 'insights-db-'))
  dirs.push(dir)
  return dir
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe('embedded PGlite database', () => {
  it('keeps every row across a close and reopen of the data directory', async () => {
    const dataDir = tempDataDir()
    const first = await openDatabase({ engine: 'pglite', dataDir })
    await migrateToLatest(first.db)
    await first.db.insertInto('establishments').values({ name: 'La Esperanza' }).execute()
    await first.close()

    const second = await openDatabase({ engine: 'pglite', dataDir })
    const rows = await second.db.selectFrom('establishments').select('name').execute()
    expect(rows).toEqual([{ name: 'La Esperanza' }])
    await second.close()
  })

  it('refuses to open a data directory another running process holds', async () => {
    const dataDir = tempDataDir()
    // PID 1 always runs: it stands for another Insights server holding the directory.
    writeFileSync(path.join(dataDir, 'insights.lock'), '1')
    await expect(openDatabase({ engine: 'pglite', dataDir })).rejects.toBeInstanceOf(DataDirectoryInUseError)
    await expect(openDatabase({ engine: 'pglite', dataDir })).rejects.toThrow(/está en uso por otro proceso/)
  })

  it('takes over a lock left behind by a process that no longer runs', async () => {
    const dataDir = tempDataDir()
    writeFileSync(path.join(dataDir, 'insights.lock'), '999999999')
    const handle = await openDatabase({ engine: 'pglite', dataDir })
    await handle.close()
  })

  it('refuses a second open from the same process while the first is open', async () => {
    const dataDir = tempDataDir()
    const first = await openDatabase({ engine: 'pglite', dataDir })
    // The lock names this PID, so a second open here is the same mistake as a second process.
    writeFileSync(path.join(dataDir, 'insights.lock'), '1')
    await expect(openDatabase({ engine: 'pglite', dataDir })).rejects.toBeInstanceOf(DataDirectoryInUseError)
    await first.close()
  })

  it('runs a query issued during another transaction outside that transaction', async () => {
    const handle = await openDatabase({ engine: 'pglite' })
    await migrateToLatest(handle.db)
    let insideTransaction!: () => void
    const entered = new Promise<void>((resolve) => {
      insideTransaction = resolve
    })
    const rolledBack = handle.db
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('establishments').values({ name: 'Temporal' }).execute()
        insideTransaction()
        await new Promise((resolve) => setTimeout(resolve, 50))
        throw new Error('rollback on purpose')
      })
      .catch(() => 'rolled back')
    await entered
    // Issued while the transaction is open: it must wait and then see nothing of it.
    const seen = await handle.db.selectFrom('establishments').select('name').execute()
    expect(await rolledBack).toBe('rolled back')
    expect(seen).toEqual([])
    const count = await sql<{ n: number }>`select count(*)::int as n from establishments`.execute(handle.db)
    expect(count.rows[0]?.n).toBe(0)
    await handle.close()
  })

  it('writes the spec reference values on start, without demo data', async () => {
    const saved = { ...process.env }
    process.env.DATA_DIR = tempDataDir()
    delete process.env.DATABASE_URL
    resetEnvCache()
    try {
      const { db } = await startDatabase()
      const categories = await db.selectFrom('animal_types').select('description').execute()
      expect(categories.map((c) => c.description)).toEqual(
        expect.arrayContaining(['Vaca', 'Ternero', 'Nov Engorde']),
      )
      expect(await db.selectFrom('establishments').select('id').execute()).toEqual([])
    } finally {
      await stopDatabase()
      process.env = saved
      resetEnvCache()
    }
  })
})
