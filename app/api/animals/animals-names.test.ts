import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureLookups, lookupId } from '~/db/lookups.server'
import { testEngines } from '~/db/testing.server'
import type { AnimalFilterOptions, AnimalListResponse } from '~/features/animals/animals.schema'
import { createTestApi, type TestApi } from '../testing.server'

/**
 * The list names lookups from a per-process cache of the establishment's framework (decision 027).
 * Nothing in the app tells the cache of a write: it learns of one only from the token the database
 * replaces with every write to a lookup table. So a change written straight to the database (as
 * another app instance, or a script, would) must show on the next request.
 */
describe.each(testEngines())('lookup names in the animal list on %s', (engine) => {
  let t: TestApi
  let token: string
  let eid: number
  let rodeoId: number
  let bullId: number

  async function firstRow() {
    const response = await t.request(`/v2/establishments/${eid}/animals?visual_tag=N-1`, { token })
    expect(response.status).toBe(200)
    const body = (await response.json()) as AnimalListResponse
    return body.data[0]
  }
  async function filterOptions() {
    const response = await t.request(`/v1/establishment/${eid}/filter`, { token })
    expect(response.status).toBe(200)
    return ((await response.json()) as { data: AnimalFilterOptions }).data
  }

  beforeAll(async () => {
    t = await createTestApi(engine)
    eid = t.establishments.a.id
    token = await t.tokenFor('member@test.local')
    const lookups = await ensureLookups(t.db)
    const rodeo = await t.db
      .insertInto('rodeos')
      .values({ establishment_id: eid, description: 'General' })
      .returning('id')
      .executeTakeFirstOrThrow()
    rodeoId = rodeo.id
    const bull = await t.db
      .insertInto('bulls')
      .values({ establishment_id: eid, alias: 'Toro 1' })
      .returning('id')
      .executeTakeFirstOrThrow()
    bullId = bull.id
    await t.db
      .insertInto('animals')
      .values({
        establishment_id: eid,
        visual_tag: 'N-1',
        animal_type_id: lookupId(lookups, 'animal_types', 'Vaca'),
        breed_id: lookupId(lookups, 'breeds', 'Angus'),
        rodeo_id: rodeoId,
        service_bull_id: bullId,
        father_id: bullId,
      })
      .execute()
  })
  afterAll(() => t.close())

  it('names each lookup', async () => {
    const row = await firstRow()
    expect(row).toMatchObject({
      category: { description: 'Vaca' },
      breed: { description: 'Angus' },
      rodeo: { id: rodeoId, description: 'General' },
      bull_alias: 'Toro 1',
      father_alias: 'Toro 1',
    })
  })

  it('shows a renamed rodeo, bull and breed on the next request, and a new breed in the filters', async () => {
    await firstRow()
    await filterOptions()
    await t.db.updateTable('rodeos').set({ description: 'Recría' }).where('id', '=', rodeoId).execute()
    await t.db.updateTable('bulls').set({ alias: 'Toro renombrado' }).where('id', '=', bullId).execute()
    await t.db
      .updateTable('breeds')
      .set({ description: 'Aberdeen Angus' })
      .where('description', '=', 'Angus')
      .execute()
    const created = await t.db
      .insertInto('breeds')
      .values({ description: 'Raza nueva' })
      .returning('id')
      .executeTakeFirstOrThrow()

    expect(await firstRow()).toMatchObject({
      breed: { description: 'Aberdeen Angus' },
      rodeo: { id: rodeoId, description: 'Recría' },
      bull_alias: 'Toro renombrado',
    })
    const options = await filterOptions()
    expect(options.rodeos).toEqual([{ id: rodeoId, description: 'Recría', count: 1 }])
    expect(options.breeds).toContainEqual({ id: created.id, description: 'Raza nueva', count: 0 })
    expect(options.breeds.find((b) => b.description === 'Aberdeen Angus')?.count).toBe(1)
  })
})
