import { sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import type { TestApi } from '~/api/testing.server'
import {
  createUploadTestApi,
  fillTemplate,
  uploadForm,
  xlsxFile,
} from '~/features/bulk-upload/testing.server'
import type { DatabaseHandle, DB } from './database.server'
import { seedLargeEstablishment } from './seed/demo.server'
import { createTestDatabase } from './testing.server'
import { startIdleUpkeep } from './upkeep.server'

/** What PGlite knows of a table's upkeep: when it was last analyzed and vacuumed (by hand). */
async function upkeepOf(db: DB, table: string) {
  await sql`select pg_stat_force_next_flush()`.execute(db)
  const { rows } = await sql<{ analyzed: boolean; vacuumed: boolean; stats: number }>`
    select s.last_analyze is not null as analyzed, s.last_vacuum is not null as vacuumed,
      (select count(*)::int from pg_stats p where p.schemaname = 'public' and p.tablename = ${table}) as stats
    from pg_stat_user_tables s where s.relname = ${table}`.execute(db)
  return rows[0]
}

// PGlite only: it is the engine without autovacuum, the one the upkeep is for (decision 027).
describe('the embedded database looks after itself', () => {
  let handle: DatabaseHandle | undefined
  let t: TestApi | undefined
  afterEach(async () => {
    await handle?.close()
    await t?.close()
    handle = undefined
    t = undefined
  })

  it('has statistics and a vacuumed herd right after a large seeding', async () => {
    handle = await createTestDatabase('pglite')
    await seedLargeEstablishment(handle.db, { animals: 1_500 })
    expect(await upkeepOf(handle.db, 'animals')).toMatchObject({ analyzed: true, vacuumed: true })
    expect((await upkeepOf(handle.db, 'animals'))?.stats).toBeGreaterThan(10)
    expect(await upkeepOf(handle.db, 'weighings')).toMatchObject({ analyzed: true })
  }, 120_000)

  it('analyzes the animals after a bulk upload of animals', async () => {
    const upload = await createUploadTestApi('pglite')
    t = upload.t
    expect(await upkeepOf(t.db, 'animals')).toMatchObject({ analyzed: false, stats: 0 })
    const rows = Array.from({ length: 60 }, (_, i) => [
      `U-${i}`,
      null,
      'Vaca',
      'Angus',
      'negro',
      null,
      '10/09/2019',
      null,
      null,
      'General',
      'Compra',
      null,
      null,
      null,
      null,
      null,
    ])
    const response = await t.request(`/v3/establishments/${t.establishments.a.id}/animals/bulk-upload`, {
      method: 'POST',
      token: upload.tokens.admin,
      body: uploadForm(xlsxFile(fillTemplate('animals', rows), 'Animales.xlsx')),
    })
    expect(response.status).toBe(201)
    expect(await upkeepOf(t.db, 'animals')).toMatchObject({ analyzed: true })
    expect((await upkeepOf(t.db, 'animals'))?.stats).toBeGreaterThan(10)
  }, 120_000)

  it('vacuums when idle, never while a request is in flight, and not after it is stopped', async () => {
    handle = await createTestDatabase('pglite')
    const { db } = handle
    await sql`insert into audit_log (action, entity) select 'prueba', 'x' from generate_series(1, 2000)`.execute(
      db,
    )
    const upkeep = startIdleUpkeep(db, { everyMs: 3_600_000, idleMs: 0 })

    const leave = upkeep.enter()
    expect(await upkeep.tick()).toEqual([])
    expect(await upkeepOf(db, 'audit_log')).toMatchObject({ analyzed: false, vacuumed: false })

    leave()
    expect(await upkeep.tick()).toContain('vacuum analyze audit_log')
    expect(await upkeepOf(db, 'audit_log')).toMatchObject({ analyzed: true, vacuumed: true })
    // Nothing is due any more: the next quiet moment runs nothing.
    expect(await upkeep.tick()).toEqual([])

    await sql`insert into audit_log (action, entity) select 'prueba', 'x' from generate_series(1, 5000)`.execute(
      db,
    )
    await upkeep.stop()
    expect(await upkeep.tick()).toEqual([])
  })

  it('waits for quiet: a query through the app marks the database busy', async () => {
    handle = await createTestDatabase('pglite')
    await sql`insert into audit_log (action, entity) select 'prueba', 'x' from generate_series(1, 2000)`.execute(
      handle.db,
    )
    const upkeep = startIdleUpkeep(handle.db, { everyMs: 3_600_000, idleMs: 60_000 })
    try {
      await sql`select 1`.execute(handle.db.withPlugin(upkeep.plugin))
      expect(await upkeep.tick()).toEqual([])
      expect(await upkeepOf(handle.db, 'audit_log')).toMatchObject({ vacuumed: false })
    } finally {
      await upkeep.stop()
    }
  })
})
