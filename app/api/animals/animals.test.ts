import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CATTLE_HANDLING_WORK } from '~/db/schema'
import { testEngines } from '~/db/testing.server'
import type { AnimalListResponse } from '~/features/animals/animals.schema'
import {
  insertAlerts,
  insertAnimals,
  insertEvents,
  insertRodeos,
  insertSession,
  lookups,
} from '../../../tests/factories'
import { createTestApi, type TestApi } from '../testing.server'

describe.each(testEngines())('animals list API on %s', (engine) => {
  let t: TestApi
  let token: string
  let eid: number
  const ids: Record<string, string> = {}

  async function list(query = '', as = token) {
    const response = await t.request(`/v2/establishments/${eid}/animals${query}`, { token: as })
    return {
      status: response.status,
      body: (await response.json()) as AnimalListResponse & { error?: string },
    }
  }
  const tags = (body: AnimalListResponse) => body.data.map((row) => row.visual_tag)

  beforeAll(async () => {
    t = await createTestApi(engine)
    eid = t.establishments.a.id
    token = await t.tokenFor('member@test.local')
    const lookup = await lookups(t.db)
    const vaca = lookup('animal_types', 'Vaca')
    const ternero = lookup('animal_types', 'Ternero')
    const angus = lookup('breeds', 'Angus')
    const hereford = lookup('breeds', 'Hereford')
    const [general, recria] = await insertRodeos(t.db, eid, ['General', 'Recría'])
    const animals = await insertAnimals(t.db, eid, [
      // A steer weighed three times: the list shows the last two's gain.
      {
        visual_tag: 'A-001',
        animal_type_id: ternero,
        breed_id: angus,
        rodeo_id: recria,
        date_of_birth: '2025-01-01 00:00:00',
        weight_at_birth: 30,
      },
      // Weighed once: no gain from a single weighing.
      {
        visual_tag: 'A-002',
        animal_type_id: ternero,
        breed_id: hereford,
        rodeo_id: recria,
        date_of_birth: '2025-02-01 00:00:00',
        weight_at_birth: 35,
      },
      // Two weighings on the same day: no gain across a zero-day gap.
      {
        visual_tag: 'B-010',
        animal_type_id: vaca,
        breed_id: angus,
        rodeo_id: general,
        electronic_tag: '032000000000010',
      },
      { visual_tag: 'B-011', animal_type_id: vaca, breed_id: angus, rodeo_id: general },
      // Checked out: hidden by default.
      { visual_tag: 'C-100', animal_type_id: vaca, check_out_date: '2025-06-01 00:00:00' },
    ])
    for (const a of animals) ids[a.visual_tag] = a.id
    // Another establishment's animal must never show.
    await insertAnimals(t.db, t.establishments.b.id, [{ visual_tag: 'A-003' }])

    const session = await insertSession(t.db, eid, {
      name: 'Pesadas',
      activity_date: '2025-05-01 00:00:00',
      cattle_handling_work: CATTLE_HANDLING_WORK.weighing,
    })
    const weigh = (tag: string, weight: number, read_at: string) => ({
      animal_id: ids[tag] as string,
      cattle_handling_id: session,
      weight,
      read_at,
    })
    await insertEvents(t.db, 'weighings', eid, [
      weigh('A-001', 100, '2025-03-01 08:00:00'),
      weigh('A-001', 130, '2025-04-01 08:00:00'),
      weigh('A-001', 160, '2025-05-01 08:00:00'),
      weigh('A-002', 120, '2025-05-01 08:00:00'),
      weigh('B-010', 400, '2025-05-01 08:00:00'),
      weigh('B-010', 410, '2025-05-01 17:00:00'),
    ])
    await insertAlerts(t.db, eid, [
      { animal_id: ids['B-011'] as string, description: 'Revisar pezuña' },
      { animal_id: ids['B-010'] as string, description: 'Vender', active: false },
    ])
  })
  afterAll(() => t.close())

  it('answers the live herd of the establishment, paged, with data, meta and links', async () => {
    const { status, body } = await list('?perPage=2')
    expect(status).toBe(200)
    expect(tags(body)).toEqual(['A-001', 'A-002'])
    expect(body.meta).toEqual({ current_page: 1, per_page: 2, total: 4, last_page: 2, from: 1, to: 2 })
    expect(body.links.next).toContain('page=2')
    expect(body.links.prev).toBeNull()
    const second = await list('?perPage=2&page=2')
    expect(tags(second.body)).toEqual(['B-010', 'B-011'])
    expect(second.body.links.next).toBeNull()
  })

  it('computes the derived values with their guards', async () => {
    const { body } = await list()
    const row = (tag: string) => body.data.find((r) => r.visual_tag === tag)
    expect(row('A-001')).toMatchObject({
      last_weight: 160,
      last_weight_read_at: '2025-05-01 08:00:00',
      days_since_previous_weight: 30,
      days_since_first_weight: 61,
      // (160 - 130) / 30 days
      GDPV: 1,
      // (160 - 30) / 120 days from birth to the last weighing
      GDPVital: 1.083,
      category: { description: 'Ternero' },
      breed: { description: 'Angus' },
      rodeo: { description: 'Recría' },
    })
    expect(row('A-001')?.age).toBeGreaterThan(300)
    expect(row('A-002')).toMatchObject({
      GDPV: null,
      days_since_previous_weight: null,
      days_since_first_weight: 0,
    })
    expect(row('B-010')).toMatchObject({ last_weight: 410, GDPV: null, days_since_previous_weight: 0 })
    expect(row('B-011')).toMatchObject({ last_weight: null, GDPV: null, GDPVital: null, age: null })
  })

  it('lists only active alerts, and filters to animals that have one', async () => {
    const { body } = await list()
    expect(body.data.find((r) => r.visual_tag === 'B-011')?.alerts).toEqual([
      { id: expect.any(Number), description: 'Revisar pezuña' },
    ])
    expect(body.data.find((r) => r.visual_tag === 'B-010')?.alerts).toEqual([])
    expect(tags((await list('?alerts=1')).body)).toEqual(['B-011'])
  })

  it('filters by tag prefix, lists of ids, ranges and status', async () => {
    expect(tags((await list('?visual_tag=a-00')).body)).toEqual(['A-001', 'A-002'])
    expect(tags((await list('?electronic_tag=0320000')).body)).toEqual(['B-010'])
    const vaca = (
      await t.db
        .selectFrom('animal_types')
        .select('id')
        .where('description', '=', 'Vaca')
        .executeTakeFirstOrThrow()
    ).id
    expect(tags((await list(`?category=${vaca}`)).body)).toEqual(['B-010', 'B-011'])
    expect(tags((await list(`?category=${vaca}&status=todos`)).body)).toEqual(['B-010', 'B-011', 'C-100'])
    expect(tags((await list('?status=bajas')).body)).toEqual(['C-100'])
    expect(tags((await list('?last_weight_min=150&last_weight_max=420')).body)).toEqual(['A-001', 'B-010'])
    expect(tags((await list('?gdpv_min=0.5')).body)).toEqual(['A-001'])
    expect(tags((await list('?date_of_birth_from=2025-01-15&date_of_birth_to=2025-12-31')).body)).toEqual([
      'A-002',
    ])
    expect(tags((await list(`?ids=${ids['B-011']},${ids['A-002']}`)).body)).toEqual(['A-002', 'B-011'])
    // A wildcard typed by a user matches literally.
    expect((await list('?visual_tag=%25')).body.data).toEqual([])
  })

  it('sorts by any sortable column, gains without a value last in both directions', async () => {
    expect(tags((await list('?sort=visual_tag&order=desc')).body)).toEqual([
      'B-011',
      'B-010',
      'A-002',
      'A-001',
    ])
    expect(tags((await list('?sort=last_weight&order=desc')).body)).toEqual([
      'B-010',
      'A-001',
      'A-002',
      'B-011',
    ])
    expect(tags((await list('?sort=gdpv&order=desc')).body)[0]).toBe('A-001')
    expect(tags((await list('?sort=gdpv&order=asc')).body)[0]).toBe('A-001')
  })

  it('reads a late page from the other end with the same rows and order', async () => {
    const all = tags((await list('?perPage=200&sort=last_weight&order=desc&status=todos')).body)
    const pages: string[] = []
    for (let page = 1; page <= 5; page++) {
      pages.push(
        ...tags((await list(`?perPage=1&page=${page}&sort=last_weight&order=desc&status=todos`)).body),
      )
    }
    expect(pages).toEqual(all)
    expect((await list('?perPage=2&page=9')).body.data).toEqual([])
  })

  it('refuses bad parameters with a Spanish message', async () => {
    const long = await list(`?visual_tag=${'x'.repeat(20)}`)
    expect(long.status).toBe(400)
    expect(long.body.error).toContain('menos de 20 caracteres')
    expect((await list('?sort=password_hash')).status).toBe(400)
    expect((await list('?perPage=5000')).status).toBe(400)
    expect((await list('?category=1,dos')).status).toBe(400)
  })

  it('looks an animal up by its IDV in any case, or by its RFID repaired, with its context', async () => {
    const lookup = async (tag: string, as = token) => {
      const response = await t.request(
        `/v2/establishments/${eid}/animals/lookup?tag=${encodeURIComponent(tag)}`,
        { token: as },
      )
      return { status: response.status, body: await response.json() }
    }
    const byTag = await lookup('b-011')
    expect(byTag.status).toBe(200)
    expect(byTag.body.data).toMatchObject({
      animal_id: ids['B-011'],
      visual_tag: 'B-011',
      category: { description: 'Vaca' },
      rodeo: { description: 'General' },
      alerts: [{ description: 'Revisar pezuña' }],
    })
    // The RFID as a stick reader sends it, as a spreadsheet lost its leading zero, and padded to 16.
    for (const rfid of ['032000000000010', '32000000000010', '0032000000000010']) {
      const found = await lookup(rfid)
      expect(found.status, rfid).toBe(200)
      expect(found.body.data.visual_tag, rfid).toBe('B-010')
    }
    expect((await lookup('A-001')).body.data).toMatchObject({ last_weight: 160, GDPV: 1 })
    // Another establishment's animal, an unknown tag, and no tag.
    const foreign = await lookup('A-003')
    expect(foreign.status).toBe(404)
    expect(foreign.body.error).toBe('No hay ningún animal con la caravana A-003 en este establecimiento')
    expect((await lookup('  ')).status).toBe(400)
    const outsider = await lookup('A-001', await t.tokenFor('outsider@test.local'))
    expect(outsider.status).toBe(403)
  })

  it('refuses the list and the filter options to a user of another establishment', async () => {
    const outsider = await t.tokenFor('outsider@test.local')
    const { status, body } = await list('', outsider)
    expect(status).toBe(403)
    expect(body).toEqual({ error: 'No tiene acceso a este establecimiento' })
    expect((await t.request(`/v1/establishment/${eid}/filter`, { token: outsider })).status).toBe(403)
  })

  it('answers the filter options with counts of live animals', async () => {
    const response = await t.request(`/v1/establishment/${eid}/filter`, { token })
    const { data } = await response.json()
    expect(data.rodeos).toEqual([
      { id: expect.any(Number), description: 'General', count: 2 },
      { id: expect.any(Number), description: 'Recría', count: 2 },
    ])
    expect(data.animal_types.find((o: { description: string }) => o.description === 'Vaca').count).toBe(2)
  })
})
