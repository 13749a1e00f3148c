import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/database.server'
import { seedDemo } from '~/db/seed/demo.server'
import { createTestDatabase, testEngines } from '~/db/testing.server'
import { ANIMAL_EXPORT_COLUMN_IDS, ANIMAL_EXPORT_COLUMNS } from './animals.export'
import { animalListQuerySchema } from './animals.schema'
import { listAnimals, selectedAnimalExportBlocks } from './animals.server'

/**
 * The export reads its own flat query (only the requested columns' joins, lookups by id) instead of
 * the list's rows (docs/decisions/016): on the demo herd, with mothers, fathers, diagnoses,
 * inseminations, weighings and alerts, every column of every animal must write what the table
 * shows for it, in the table's order.
 */
describe.each(testEngines())('the export writes what the list shows, on %s', (engine) => {
  let handle: DatabaseHandle

  beforeAll(async () => {
    handle = await createTestDatabase(engine)
    await seedDemo(handle.db)
  }, 120_000)
  afterAll(() => handle?.close())

  it('every column of every animal of an establishment, dead and sold included, sorted by weight', async () => {
    const { db } = handle
    const { id: eid } = await db
      .selectFrom('establishments')
      .select('id')
      .orderBy('id')
      .executeTakeFirstOrThrow()
    const query = animalListQuerySchema.parse({
      status: 'todos',
      sort: 'last_weight',
      order: 'desc',
      perPage: 1,
    })
    const { total } = await listAnimals(db, eid, query)
    const listed = (await listAnimals(db, eid, { ...query, perPage: total })).rows
    expect(listed.length).toBeGreaterThan(500)
    const values = (row: Parameters<(typeof ANIMAL_EXPORT_COLUMNS)['visual_tag']['value']>[0]) =>
      ANIMAL_EXPORT_COLUMN_IDS.map((id) => ANIMAL_EXPORT_COLUMNS[id].value(row))

    const exported = []
    for await (const block of selectedAnimalExportBlocks(db, eid, query, ANIMAL_EXPORT_COLUMN_IDS)) {
      exported.push(...block.map(values))
    }
    expect(exported).toEqual(listed.map(values))
    // The demo herd fills the joined columns, so the comparison covers them.
    for (const id of [
      'mother',
      'father',
      'last_pregnancy_check',
      'last_artificial_insemination',
      'alerts',
    ] as const) {
      const at = ANIMAL_EXPORT_COLUMN_IDS.indexOf(id)
      expect(
        exported.some((row) => row[at] !== null && row[at] !== ''),
        id,
      ).toBe(true)
    }
  }, 60_000)
})
