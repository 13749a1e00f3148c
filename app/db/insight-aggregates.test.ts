import { sql } from 'kysely'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { CATTLE_HANDLING_WORK } from '~/db/schema'
import {
  insertAnimals,
  insertEstablishments,
  insertEvents,
  insertRodeos,
  insertSessions,
  lookups,
} from '../../tests/factories'
import type { DatabaseHandle } from './database.server'
import { staleInsightAggregates } from './insight-aggregates.testing.server'
import { createTestDatabase, testEngines } from './testing.server'

/**
 * Tablero's event aggregates (migration 0017, decision 044) stay equal to a computation from the
 * events after every kind of write the triggers must follow: multi-row inserts, an earlier weighing
 * that rewrites a later one's GDPV, edits that move an event to another day or animal, deletes, and
 * animals whose rodeo, category, sex, birth date or deletion change, one or many at once. The API
 * write paths check the same after each of their tests (events, moves, animal record, uploads,
 * sessions, the demo seed).
 */
describe.each(testEngines())('insight aggregates on %s', (engine) => {
  let handle: DatabaseHandle
  let eid: number
  let id: Awaited<ReturnType<typeof lookups>>
  let rodeos: [number, number]
  let cows: string[]
  let sessions: { weighing: number; check: number; preservice: number }

  const db = () => handle.db
  const weighingBucket = async (animal: string) =>
    (
      await sql<{ n: number; gains: number; gain_sum: string; rodeo_id: number | null }>`
        select b.n, b.gains, b.gain_sum::text, b.rodeo_id from insight_weighings b
        join weighings w on w.read_at::date = b.day and w.establishment_id = b.establishment_id
        join animals a on a.id = w.animal_id and a.rodeo_id is not distinct from b.rodeo_id
          and a.animal_type_id is not distinct from b.animal_type_id and a.sex_id is not distinct from b.sex_id
        where w.animal_id = ${animal} order by w.read_at desc limit 1`.execute(db())
    ).rows[0]

  beforeAll(async () => {
    handle = await createTestDatabase(engine)
    id = await lookups(db())
    const [own] = await insertEstablishments(db(), [{ name: 'Agregados' }])
    eid = (own as { id: number }).id
    rodeos = (await insertRodeos(db(), eid, ['Norte', 'Sur'])) as [number, number]
    const hembra = id('sexes', 'Hembra')
    cows = (
      await insertAnimals(
        db(),
        eid,
        Array.from({ length: 6 }, (_, i) => ({
          visual_tag: `V${i + 1}`,
          rodeo_id: rodeos[i % 2],
          animal_type_id: id('animal_types', 'Vaca'),
          sex_id: hembra,
          date_of_birth: '2022-03-15 00:00:00',
        })),
      )
    ).map((row) => row.id)
    const [weighing, check, preservice] = (await insertSessions(db(), eid, [
      { cattle_handling_work: CATTLE_HANDLING_WORK.weighing, activity_date: '2025-03-10 00:00:00' },
      { cattle_handling_work: CATTLE_HANDLING_WORK.pregnancyCheck, activity_date: '2025-06-01 00:00:00' },
      { cattle_handling_work: CATTLE_HANDLING_WORK.preservice, activity_date: '2025-02-01 00:00:00' },
    ])) as [number, number, number]
    sessions = { weighing, check, preservice }
  })
  afterEach(async () => {
    expect(await staleInsightAggregates(db())).toEqual([])
  })
  afterAll(() => handle.close())

  it('counts a multi-row insert of every event kind', async () => {
    await insertEvents(
      db(),
      'weighings',
      eid,
      cows.flatMap((animal_id, i) => [
        { animal_id, cattle_handling_id: sessions.weighing, weight: 300 + i, read_at: '2025-03-10 08:00:00' },
        { animal_id, cattle_handling_id: sessions.weighing, weight: 330 + i, read_at: '2025-04-09 08:00:00' },
      ]),
    )
    await insertEvents(
      db(),
      'pregnancy_checks',
      eid,
      cows.map((animal_id, i) => ({
        animal_id,
        cattle_handling_id: sessions.check,
        pregnancy_check_detail_id:
          i < 4
            ? id('pregnancy_check_details', 'IA')
            : i === 4
              ? null
              : id('pregnancy_check_details', 'Vacia'),
        read_at: '2025-06-01 09:00:00',
      })),
    )
    await insertEvents(
      db(),
      'preservices',
      eid,
      cows.map((animal_id, i) => ({
        animal_id,
        cattle_handling_id: sessions.preservice,
        ovarian_status_id: id('ovarian_statuses', i % 2 ? 'Ciclando' : 'Anestro sup'),
        reproductive_grade_id: i % 3 ? id('reproductive_grades', '3') : null,
        read_at: '2025-02-01 09:00:00',
      })),
    )
    await insertEvents(
      db(),
      'body_conditions',
      eid,
      cows.map((animal_id, i) => ({
        animal_id,
        body_condition_detail_id: id('body_condition_details', i % 2 ? '3' : '3.5'),
        read_at: '2025-02-01 09:00:00',
      })),
    )
    const { rows } = await sql<{ n: number }>`select sum(n)::int as n from insight_weighings`.execute(db())
    expect(rows[0]?.n).toBe(12)
    // V1: 300 → 330 kg in 30 days, 1 kg a day.
    expect(await weighingBucket(cows[0] as string)).toMatchObject({ gains: 3, gain_sum: '3.000' })
  })

  it("follows the GDPV an earlier weighing rewrites on the animal's next one", async () => {
    const before = await weighingBucket(cows[0] as string)
    // 324 kg on 2025-03-25: the April weighing's gain, 1 kg a day from 300 kg, becomes
    // (330 − 324) / 15 = 0.4 (a nested update by the gains trigger of migration 0005).
    await insertEvents(db(), 'weighings', eid, [
      {
        animal_id: cows[0] as string,
        cattle_handling_id: sessions.weighing,
        weight: 324,
        read_at: '2025-03-25 08:00:00',
      },
    ])
    const after = await weighingBucket(cows[0] as string)
    expect(Number(after?.gain_sum)).toBeCloseTo(Number(before?.gain_sum) - 0.6, 3)
  })

  it('follows edits that move an event to another day, value or animal, and deletes', async () => {
    await sql`update weighings set weight = weight + 50 where animal_id = ${cows[1]} and read_at < '2025-04-01'`.execute(
      db(),
    )
    await sql`update weighings set read_at = read_at + interval '1 day' where animal_id = ${cows[2]}`.execute(
      db(),
    )
    await sql`update pregnancy_checks set animal_id = ${cows[5]} where animal_id = ${cows[4]}`.execute(db())
    await sql`update pregnancy_checks set pregnancy_check_detail_id = ${id('pregnancy_check_details', 'Cola')} where animal_id = ${cows[0]}`.execute(
      db(),
    )
    await sql`update preservices set ovarian_status_id = null where animal_id = ${cows[1]}`.execute(db())
    await sql`delete from weighings where animal_id = ${cows[3]} and read_at < '2025-04-01'`.execute(db())
    await sql`delete from body_conditions where animal_id = ${cows[3]}`.execute(db())
  })

  it("moves an animal's events when its rodeo, category, sex or birth date changes, one or many", async () => {
    await sql`update animals set rodeo_id = ${rodeos[1]} where id = ${cows[0]}`.execute(db())
    expect((await weighingBucket(cows[0] as string))?.rodeo_id).toBe(rodeos[1])
    await sql`update animals set rodeo_id = null, animal_type_id = ${id('animal_types', 'Vaq 1 serv')}
      where establishment_id = ${eid}`.execute(db())
    await sql`update animals set sex_id = ${id('sexes', 'Macho')} where id = ${cows[2]}`.execute(db())
    await sql`update animals set date_of_birth = '2024-12-01 00:00:00' where id = ${cows[3]}`.execute(db())
    // An update that moves nothing (the latest-event columns): the aggregates are untouched.
    await sql`update animals set updated_at = now() where establishment_id = ${eid}`.execute(db())
  })

  it('drops a deleted animal and brings it back when restored', async () => {
    const count = async () =>
      Number(
        (await sql<{ n: number }>`select sum(n)::int as n from insight_pregnancy_checks`.execute(db()))
          .rows[0]?.n,
      )
    const before = await count()
    await sql`update animals set deleted_at = now() where id = ${cows[5]}`.execute(db())
    // V6 holds two checks (its own and V5's, moved above).
    expect(await count()).toBe(before - 2)
    await sql`update animals set deleted_at = null where id = ${cows[5]}`.execute(db())
    expect(await count()).toBe(before)
  })

  it('deletes a bucket whose last event goes', async () => {
    await sql`delete from weighings where establishment_id = ${eid}`.execute(db())
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from insight_weighings`.execute(db())
    expect(rows[0]?.n).toBe(0)
  })
})
