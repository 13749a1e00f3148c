import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle, DB } from './database.server'
import { createTestDatabase, testEngines } from './testing.server'

async function establishment(db: DB, name: string) {
  const { id } = await db
    .insertInto('establishments')
    .values({ name })
    .returning('id')
    .executeTakeFirstOrThrow()
  const rodeo = await db
    .insertInto('rodeos')
    .values({ establishment_id: id, description: 'Rodeo General' })
    .returning('id')
    .executeTakeFirstOrThrow()
  return { id, rodeoId: rodeo.id }
}

async function animal(
  db: DB,
  establishmentId: number,
  visualTag: string,
  extra: Record<string, unknown> = {},
) {
  const row = await db
    .insertInto('animals')
    .values({ establishment_id: establishmentId, visual_tag: visualTag, ...extra })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

async function session(db: DB, establishmentId: number, work: 1 | 2 | 3 | 7) {
  const row = await db
    .insertInto('cattle_handlings')
    .values({
      establishment_id: establishmentId,
      name: `Sesión ${work}`,
      activity_date: '2025-03-01 00:00:00',
      cattle_handling_work: work,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

describe.each(testEngines())('database rules on %s', (engine) => {
  let handle: DatabaseHandle
  let db: DB
  let a: Awaited<ReturnType<typeof establishment>>
  let b: Awaited<ReturnType<typeof establishment>>

  beforeAll(async () => {
    handle = await createTestDatabase(engine)
    db = handle.db
    a = await establishment(db, 'La Esperanza')
    b = await establishment(db, 'El Ombú')
  })
  afterAll(() => handle.close())

  it('keeps a visual tag unique among the live animals of one establishment', async () => {
    const first = await animal(db, a.id, 'V-100')
    await expect(animal(db, a.id, 'v-100')).rejects.toThrow(/animals_visual_tag_live_key/)
    // The same tag in another establishment is a different animal.
    await animal(db, b.id, 'V-100')
    // A deleted animal frees its tag; its row (and history) stays.
    await db.updateTable('animals').set({ deleted_at: new Date() }).where('id', '=', first).execute()
    await animal(db, a.id, 'V-100')
    const rows = await db.selectFrom('animals').where('visual_tag', '=', 'V-100').select('id').execute()
    expect(rows).toHaveLength(3)
  })

  it('holds electronic tags to 15 characters and unique', async () => {
    await animal(db, a.id, 'E-1', { electronic_tag: '032000000000001' })
    await expect(animal(db, b.id, 'E-2', { electronic_tag: '032000000000001' })).rejects.toThrow(
      /animals_electronic_tag_live_key/,
    )
    await expect(animal(db, a.id, 'E-3', { electronic_tag: '03200000001' })).rejects.toThrow(/check/)
  })

  it('refuses a rodeo or a mother of another establishment', async () => {
    await expect(animal(db, a.id, 'R-1', { rodeo_id: b.rodeoId })).rejects.toThrow(/foreign key/)
    const motherInB = await animal(db, b.id, 'M-1')
    await expect(animal(db, a.id, 'C-1', { mother_id: motherInB })).rejects.toThrow(/foreign key/)
    const motherInA = await animal(db, a.id, 'M-2')
    await animal(db, a.id, 'C-2', { mother_id: motherInA, rodeo_id: a.rodeoId })
  })

  it('refuses a birth date before 1900', async () => {
    await expect(animal(db, a.id, 'B-1', { date_of_birth: '1899-12-31 00:00:00' })).rejects.toThrow(/check/)
  })

  it('accepts an event only in a session of its work type and establishment', async () => {
    const cow = await animal(db, a.id, 'S-1')
    const weighingSession = await session(db, a.id, 7)
    const aiSession = await session(db, a.id, 1)
    const otherWeighingSession = await session(db, b.id, 7)
    const weighing = (cattle_handling_id: number) =>
      db
        .insertInto('weighings')
        .values({
          establishment_id: a.id,
          animal_id: cow,
          cattle_handling_id,
          weight: 300,
          read_at: '2025-03-01 10:00:00',
        })
        .execute()
    await weighing(weighingSession)
    await expect(weighing(aiSession)).rejects.toThrow(/foreign key/)
    await expect(weighing(otherWeighingSession)).rejects.toThrow(/foreign key/)
  })

  it('refuses weights outside a plausible range', async () => {
    const steer = await animal(db, a.id, 'W-0')
    const sessionId = await session(db, a.id, 7)
    for (const weight of [0, -5, 2500]) {
      await expect(
        db
          .insertInto('weighings')
          .values({
            establishment_id: a.id,
            animal_id: steer,
            cattle_handling_id: sessionId,
            weight,
            read_at: '2025-01-01 00:00:00',
          })
          .execute(),
      ).rejects.toThrow(/check/)
    }
  })

  it('keeps the latest, previous and first weighing on the animal', async () => {
    const steer = await animal(db, a.id, 'W-1')
    const sessionId = await session(db, a.id, 7)
    const weigh = (weight: number, read_at: string) =>
      db
        .insertInto('weighings')
        .values({ establishment_id: a.id, animal_id: steer, cattle_handling_id: sessionId, weight, read_at })
        .returning('id')
        .executeTakeFirstOrThrow()
    await weigh(180, '2025-01-10 08:00:00')
    const latest = await weigh(240, '2025-04-10 08:00:00')
    await weigh(210, '2025-02-20 08:00:00')
    const row = await db.selectFrom('animals').selectAll().where('id', '=', steer).executeTakeFirstOrThrow()
    expect(row).toMatchObject({
      last_weighing_id: latest.id,
      last_weight: 240,
      last_weight_read_at: '2025-04-10 08:00:00',
      previous_weight: 210,
      previous_weight_read_at: '2025-02-20 08:00:00',
      first_weight: 180,
      first_weight_read_at: '2025-01-10 08:00:00',
    })
    await db.deleteFrom('weighings').where('id', '=', latest.id).execute()
    const after = await db.selectFrom('animals').selectAll().where('id', '=', steer).executeTakeFirstOrThrow()
    expect(after).toMatchObject({ last_weight: 210, previous_weight: 180, first_weight: 180 })
  })

  it('keeps the latest insemination, pregnancy check, pre-service and body condition ids on the animal', async () => {
    const cow = await animal(db, a.id, 'L-1')
    const bull = await db
      .insertInto('bulls')
      .values({ establishment_id: a.id, alias: 'Don Pedro' })
      .returning('id')
      .executeTakeFirstOrThrow()
    const ai = await db
      .insertInto('artificial_inseminations')
      .values({
        establishment_id: a.id,
        animal_id: cow,
        cattle_handling_id: await session(db, a.id, 1),
        bull_id: bull.id,
        read_at: '2025-03-01 00:00:00',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const detail = await db
      .insertInto('pregnancy_check_details')
      .values({ description: 'Cabeza' })
      .returning('id')
      .executeTakeFirstOrThrow()
    const check = await db
      .insertInto('pregnancy_checks')
      .values({
        establishment_id: a.id,
        animal_id: cow,
        cattle_handling_id: await session(db, a.id, 2),
        pregnancy_check_detail_id: detail.id,
        read_at: '2025-04-15 00:00:00',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const row = await db
      .selectFrom('animals')
      .select(['last_artificial_insemination_id', 'last_pregnancy_check_id', 'last_preservice_id'])
      .where('id', '=', cow)
      .executeTakeFirstOrThrow()
    expect(row).toEqual({
      last_artificial_insemination_id: ai.id,
      last_pregnancy_check_id: check.id,
      last_preservice_id: null,
    })
  })

  it('decodes values alike on every engine', async () => {
    const steer = await animal(db, a.id, 'T-1', {
      date_of_birth: '2024-09-15 00:00:00',
      weight_at_birth: 32.5,
    })
    const row = await db
      .selectFrom('animals')
      .select(['date_of_birth', 'weight_at_birth', 'created_at'])
      .where('id', '=', steer)
      .executeTakeFirstOrThrow()
    expect(row.date_of_birth).toBe('2024-09-15 00:00:00')
    expect(row.weight_at_birth).toBe(32.5)
    expect(row.created_at).toBeInstanceOf(Date)
  })
})
