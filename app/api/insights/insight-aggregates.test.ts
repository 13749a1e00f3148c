import { sql } from 'kysely'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { staleInsightAggregates } from '~/db/insight-aggregates.testing.server'
import { testEngines } from '~/db/testing.server'
import { insertRodeos, lookups } from '../../../tests/factories'
import { type MangaFixtures, seedMangaFixtures } from '../events/fixtures.server'
import { createTestApi, type TestApi } from '../testing.server'

/**
 * Tablero's event aggregates (decision 044) through the API's write paths, one after the other on
 * the same animals so that every step has events to move: events recorded, a weighing edited (the
 * next weighing's GDPV changes with it) and deleted, animals moved to another rodeo and category,
 * an animal's birth date and sex edited, an animal deleted. After each step the aggregates equal a
 * computation from the events (afterEach), and the step's own effect is checked.
 */
describe.each(testEngines())('insight aggregates through the API on %s', (engine) => {
  let t: TestApi
  let f: MangaFixtures
  let member: string
  let recria: number
  let id: Awaited<ReturnType<typeof lookups>>

  const post = (path: string, json: unknown) =>
    t.request(`/v2/establishment/${f.a}/${path}`, { method: 'POST', token: member, json })
  const created = async (path: string, json: unknown) => {
    const response = await post(path, json)
    expect(response.status, await response.clone().text()).toBe(201)
  }
  const weighingIds = async (animal: string) =>
    (
      await t.db
        .selectFrom('weighings')
        .select(['id', 'version'])
        .where('animal_id', '=', animal)
        .orderBy('read_at')
        .execute()
    ).map((row) => ({ id: Number(row.id), version: row.version }))
  /** n per rodeo (and category) of the establishment's weighings in the aggregate. */
  const weighingsBy = async (column: 'rodeo_id' | 'animal_type_id') =>
    Object.fromEntries(
      (
        await sql<{ key: number | null; n: number }>`
          select ${sql.ref(column)} as key, sum(n)::int as n from insight_weighings
          where establishment_id = ${f.a} group by 1`.execute(t.db)
      ).rows.map((row) => [String(row.key), row.n]),
    )

  beforeAll(async () => {
    t = await createTestApi(engine)
    f = await seedMangaFixtures(t)
    member = await t.tokenFor('member@test.local')
    id = await lookups(t.db)
    ;[recria] = (await insertRodeos(t.db, f.a, ['Recría'])) as [number]
  })
  afterEach(async () => expect(await staleInsightAggregates(t.db)).toEqual([]))
  afterAll(() => t.close())

  it('counts the events the API records', async () => {
    const weighing = (animal_id: string, weight: number, read_at: string, june = false) => ({
      animal_id,
      weighing_time_id: f.weighingTimes('Control'),
      weight,
      read_at,
      cattle_handling_id: june ? f.sessions.weighingJune : f.sessions.weighingMarch,
    })
    await created('weighings', weighing(f.animals.cow1, 250, '2025-03-10 08:30:00'))
    await created('weighings', weighing(f.animals.cow1, 342, '2025-06-10 09:00:00', true))
    await created('weighings', weighing(f.animals.cow2, 300, '2025-03-10 08:40:00'))
    await created('pregnancy-checks', {
      animal_id: f.animals.cow2,
      pregnancy_check_detailId: f.details('Cabeza'),
      is_ultrasound_scan: '0',
      read_at: '2025-06-01',
      cattle_handling_id: f.sessions.pc,
    })
    await created('preservices', {
      animal_id: f.animals.calf3,
      reproductive_grade_id: f.grades('1'),
      ovarian_status_id: f.ovarian('Ciclando'),
      read_at: '2025-03-01',
      cattle_handling_id: f.sessions.ps,
    })
    expect(await weighingsBy('animal_type_id')).toEqual({ [f.categories('Vaca')]: 3 })
    // June: (342 − 250) / 92 = 1 kg a day.
    const { rows } = await sql<{ gain_sum: string }>`
      select gain_sum::text from insight_weighings where day = '2025-06-10'`.execute(t.db)
    expect(Number(rows[0]?.gain_sum)).toBe(1)
  })

  it("follows an edited weighing and the next weighing's gain it rewrites", async () => {
    const [march] = await weighingIds(f.animals.cow1)
    if (!march) throw new Error('sin pesada')
    const response = await t.request(`/v2/weighings/${march.id}`, {
      method: 'PATCH',
      token: member,
      json: { weight: 296, version: march.version },
    })
    expect(response.status).toBe(200)
    // June: (342 − 296) / 92 = 0.5.
    const { rows } = await sql<{ gain_sum: string }>`
      select gain_sum::text from insight_weighings where day = '2025-06-10'`.execute(t.db)
    expect(Number(rows[0]?.gain_sum)).toBe(0.5)
  })

  it('moves the events of animals moved to another rodeo and category', async () => {
    const rodeo = await t.request(`/v2/animals/assign-to-rodeo/${recria}`, {
      method: 'POST',
      token: member,
      json: { animal_ids: [f.animals.cow1, f.animals.cow2] },
    })
    expect(rodeo.status).toBe(200)
    expect(await weighingsBy('rodeo_id')).toEqual({ [recria]: 3 })
    const category = await t.request(`/v2/animals/assign-to-type/${f.categories('Ternero')}`, {
      method: 'POST',
      token: member,
      json: { animal_ids: [f.animals.cow2] },
    })
    expect(category.status).toBe(200)
    expect(await weighingsBy('animal_type_id')).toEqual({
      [f.categories('Vaca')]: 2,
      [f.categories('Ternero')]: 1,
    })
  })

  it("moves an animal's weighings to its new age and sex when its record is edited", async () => {
    const { version } = await t.db
      .selectFrom('animals')
      .select('version')
      .where('id', '=', f.animals.cow2)
      .executeTakeFirstOrThrow()
    const response = await t.request(`/v1/establishment/${f.a}/animals/${f.animals.cow2}`, {
      method: 'PUT',
      token: member,
      json: {
        version: String(version),
        date_of_birth: '2024/09/10 00:00:00',
        sex_id: String(id('sexes', 'Macho')),
        breed_id: String(id('breeds', 'Angus')),
        color_id: String(id('colors', 'negro')),
        check_in_type_id: String(id('check_in_types', 'Nacimiento')),
      },
    })
    expect(response.status, await response.clone().text()).toBe(200)
    // Weighed 2025-03-10, born 2024-09-10: 181 days, 5 whole months.
    const { rows } = await sql<{ age: number | null; sex_id: number | null }>`
      select age, sex_id from insight_weighings where animal_type_id = ${f.categories('Ternero')}`.execute(
      t.db,
    )
    expect(rows).toEqual([{ age: 5, sex_id: id('sexes', 'Macho') }])
  })

  it('takes out a deleted weighing and a deleted animal', async () => {
    const [, june] = await weighingIds(f.animals.cow1)
    if (!june) throw new Error('sin pesada')
    const weighing = await t.request(`/v2/weighings/${june.id}`, { method: 'DELETE', token: member })
    expect(weighing.status).toBe(200)
    const animal = await t.request(`/v1/establishment/${f.a}/animals/${f.animals.cow2}`, {
      method: 'DELETE',
      token: member,
    })
    expect(animal.status).toBe(200)
    expect(await weighingsBy('rodeo_id')).toEqual({ [recria]: 1 })
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from insight_pregnancy_checks where establishment_id = ${f.a}`.execute(t.db)
    expect(rows[0]?.n).toBe(0)
  })
})
