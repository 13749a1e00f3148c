import { sql } from 'kysely'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle, DB } from '../database.server'
import { createTestDatabase, testEngines } from '../testing.server'

/**
 * The latest-event columns of animals kept by the statement-level triggers of migration 0001
 * (which the seed relies on), and the establishment check of a body condition's session.
 */
describe.each(testEngines())('latest-event triggers on %s', (engine) => {
  let handle: DatabaseHandle
  let db: DB
  let eid: number
  let otherEid: number
  let weighingSession: number
  let checkSession: number
  let foreignSession: number

  beforeAll(async () => {
    handle = await createTestDatabase(engine)
    db = handle.db
    const [a, b] = await db
      .insertInto('establishments')
      .values([{ name: 'La Esperanza' }, { name: 'El Ombú' }])
      .returning('id')
      .execute()
    eid = a?.id as number
    otherEid = b?.id as number
    const session = async (establishment_id: number, cattle_handling_work: 2 | 7) =>
      (
        await db
          .insertInto('cattle_handlings')
          .values({
            establishment_id,
            name: `s${cattle_handling_work}`,
            activity_date: '2025-01-01 00:00:00',
            cattle_handling_work,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id
    weighingSession = await session(eid, 7)
    checkSession = await session(eid, 2)
    foreignSession = await session(otherEid, 7)
  })
  afterAll(() => handle?.close())

  const animal = async (tag: string) =>
    (
      await db
        .insertInto('animals')
        .values({ establishment_id: eid, visual_tag: tag })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id
  const latest = (id: string) =>
    db
      .selectFrom('animals')
      .select([
        'last_weight',
        'last_weight_read_at',
        'previous_weight',
        'first_weight',
        'last_pregnancy_check_id',
      ])
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  const weigh = (animal_id: string, weight: number, read_at: string) => ({
    establishment_id: eid,
    animal_id,
    cattle_handling_id: weighingSession,
    weight,
    read_at,
  })

  it('follows inserts, updates and deletes, several rows per statement', async () => {
    const a = await animal('A1')
    const b = await animal('B1')
    await db
      .insertInto('weighings')
      .values([
        weigh(a, 180, '2025-03-12 08:00:00'),
        weigh(a, 150, '2024-12-05 08:00:00'),
        weigh(b, 90, '2025-03-12 08:00:00'),
        weigh(a, 210, '2025-06-15 08:00:00'),
      ])
      .execute()
    expect(await latest(a)).toMatchObject({
      last_weight: 210,
      last_weight_read_at: '2025-06-15 08:00:00',
      previous_weight: 180,
      first_weight: 150,
    })
    expect(await latest(b)).toMatchObject({ last_weight: 90, previous_weight: null, first_weight: 90 })

    await db
      .updateTable('weighings')
      .set({ read_at: '2025-09-10 08:00:00' })
      .where('weight', '=', 150)
      .execute()
    expect(await latest(a)).toMatchObject({ last_weight: 150, previous_weight: 210, first_weight: 180 })

    // Moving a weighing to another animal refreshes both.
    await db.updateTable('weighings').set({ animal_id: b }).where('weight', '=', 150).execute()
    expect(await latest(a)).toMatchObject({ last_weight: 210, previous_weight: 180, first_weight: 180 })
    expect(await latest(b)).toMatchObject({ last_weight: 150, previous_weight: 90 })

    await db.deleteFrom('weighings').where('animal_id', '=', a).execute()
    expect(await latest(a)).toMatchObject({ last_weight: null, previous_weight: null, first_weight: null })

    const [check] = await db
      .insertInto('pregnancy_checks')
      .values([
        {
          establishment_id: eid,
          animal_id: a,
          cattle_handling_id: checkSession,
          read_at: '2025-03-12 00:00:00',
        },
        {
          establishment_id: eid,
          animal_id: a,
          cattle_handling_id: checkSession,
          read_at: '2024-12-18 00:00:00',
        },
      ])
      .returning('id')
      .execute()
    expect((await latest(a)).last_pregnancy_check_id).toBe(check?.id)
    await db
      .deleteFrom('pregnancy_checks')
      .where('id', '=', check?.id as number)
      .execute()
    expect((await latest(a)).last_pregnancy_check_id).not.toBe(check?.id)
    expect((await latest(a)).last_pregnancy_check_id).not.toBeNull()
  })

  it("refuses a body condition or a note in another establishment's session", async () => {
    const a = await animal('C1')
    const detail = await db
      .insertInto('body_condition_details')
      .values({ description: '3' })
      .onConflict((oc) => oc.column('description').doNothing())
      .execute()
    expect(detail).toBeDefined()
    const { id: detailId } = await db
      .selectFrom('body_condition_details')
      .select('id')
      .where('description', '=', '3')
      .executeTakeFirstOrThrow()
    await expect(
      db
        .insertInto('body_conditions')
        .values({
          establishment_id: eid,
          animal_id: a,
          cattle_handling_id: foreignSession,
          body_condition_detail_id: detailId,
          read_at: '2025-01-01 00:00:00',
        })
        .execute(),
    ).rejects.toThrow(/foreign key/)
    await expect(
      db
        .insertInto('notes')
        .values({ establishment_id: eid, animal_id: a, cattle_handling_id: foreignSession, content: 'x' })
        .execute(),
    ).rejects.toThrow(/foreign key/)
    await db
      .insertInto('notes')
      .values({
        establishment_id: eid,
        animal_id: a,
        cattle_handling_id: weighingSession,
        content: 'Renguera leve',
      })
      .execute()
  })

  it.runIf(engine === 'postgres')(
    'keeps the latest weighing when two sessions write one animal at once',
    async () => {
      const a = await animal('D1')
      await db
        .insertInto('weighings')
        .values(weigh(a, 100, '2025-01-01 08:00:00'))
        .execute()
      const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(db)
      const url = new URL((process.env.TEST_DATABASE_URL || process.env.DATABASE_URL) as string)
      url.pathname = `/${rows[0]?.name}`
      const first = new pg.Client({ connectionString: url.toString() })
      const second = new pg.Client({ connectionString: url.toString() })
      await first.connect()
      await second.connect()
      const insert = `insert into weighings (establishment_id, animal_id, cattle_handling_id, weight, read_at) values ($1, $2, $3, $4, $5)`
      try {
        await first.query('begin')
        await second.query('begin')
        await first.query(insert, [eid, a, weighingSession, 300, '2025-06-01 08:00:00'])
        // Blocks on the animal's row until the first commits, then must see its weighing.
        const pending = second.query(insert, [eid, a, weighingSession, 200, '2025-03-01 08:00:00'])
        await new Promise((resolve) => setTimeout(resolve, 200))
        await first.query('commit')
        await pending
        await second.query('commit')
      } finally {
        await first.end()
        await second.end()
      }
      expect(await latest(a)).toMatchObject({ last_weight: 300, previous_weight: 200, first_weight: 100 })
    },
  )
})
