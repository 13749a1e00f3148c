import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { testEngines } from '~/db/testing.server'
import type { LookupTableName } from '~/features/lookups/lookup-values'
import { BIRTH_RULE_MESSAGES } from '~/features/riders/births.rules'
import { farmToday } from '~/lib/record-rules'
import {
  insertAnimals,
  insertEstablishments,
  insertMemberships,
  insertRodeos,
  insertToken,
  lookups,
} from '../../../tests/factories'
import { IDEMPOTENCY_MESSAGES } from '../lib/idempotency'
import { createTestApi, type TestApi } from '../testing.server'

/**
 * Idempotent creates of Recorredores (decision 040, addendum h31): a calving or a treatment recorded
 * without signal is sent by the outbox with its key, maybe twice (an answer lost halfway); the
 * server writes it once — one birth and one calf, one treatment and one withdrawal alert.
 */
describe.each(testEngines())('idempotent rider records on %s', (engine) => {
  let t: TestApi
  let member: string
  let lookup: (table: LookupTableName, description: string) => number
  let eid: number
  let rodeo: number
  let serial = 0

  const key = () => `clave-recorredor-${engine}-${++serial}-${Date.now()}`
  const post = (path: string, json: unknown, idempotencyKey: string) =>
    t.request(`/v2/establishments/${eid}/${path}`, {
      method: 'POST',
      token: member,
      json,
      headers: { 'Idempotency-Key': idempotencyKey },
    })
  const cow = async (visual_tag: string) => {
    const [row] = await insertAnimals(t.db, eid, [
      {
        visual_tag,
        date_of_birth: '2018-05-01 00:00:00',
        sex_id: lookup('sexes', 'Hembra'),
        animal_type_id: lookup('animal_types', 'Vaca'),
        breed_id: lookup('breeds', 'Angus'),
        color_id: lookup('colors', 'negro'),
        rodeo_id: rodeo,
      },
    ])
    return (row as { id: string }).id
  }
  const count = async (table: 'births' | 'animal_treatments' | 'animals') =>
    (await t.db.selectFrom(table).select('id').where('establishment_id', '=', eid).execute()).length
  const alertsOf = async (animalId: string) => {
    const response = await t.request(`/v2/animals/${animalId}/alerts`, { token: member })
    return ((await response.json()) as { data: { description: string }[] }).data
  }

  beforeAll(async () => {
    t = await createTestApi(engine)
    lookup = await lookups(t.db)
    member = await insertToken(t.db, t.users.member)
  })
  beforeEach(async () => {
    const [own] = await insertEstablishments(t.db, [{ name: 'Sin Señal' }])
    eid = (own as { id: number }).id
    await insertMemberships(t.db, [{ userId: t.users.member, establishmentId: eid }])
    ;[rodeo] = (await insertRodeos(t.db, eid, ['Cría'])) as [number]
  })
  afterAll(() => t.close())

  const birth = (mother: string, change: Record<string, unknown> = {}) => ({
    mother_id: mother,
    read_at: '2025-09-10',
    sex_id: lookup('sexes', 'Hembra'),
    calf_visual_tag: 'T-900',
    ...change,
  })
  const treatment = (animal: string, change: Record<string, unknown> = {}) => ({
    animal_ids: [animal],
    read_at: farmToday(),
    treatment_id: lookup('treatments', 'Antibiótico'),
    withdrawal_days: 30,
    ...change,
  })

  it('writes a calving sent twice with one key once: one birth, one calf, the same answer', async () => {
    const mother = await cow('V-900')
    const k = key()
    const first = await post('births', birth(mother), k)
    expect(first.status).toBe(201)
    const firstBody = await first.json()
    const second = await post('births', birth(mother), k)
    expect(second.status).toBe(201)
    expect(second.headers.get('Idempotent-Replayed')).toBe('true')
    expect(await second.json()).toEqual(firstBody)
    expect(await count('births')).toBe(1)
    expect(await count('animals')).toBe(2) // the mother and one calf
  })

  it('refuses a calving key reused with another body with 422, writing nothing more', async () => {
    const mother = await cow('V-901')
    const k = key()
    expect((await post('births', birth(mother), k)).status).toBe(201)
    const reused = await post('births', birth(mother, { calf_visual_tag: 'T-901' }), k)
    expect(reused.status).toBe(422)
    expect(await reused.json()).toEqual({ error: IDEMPOTENCY_MESSAGES.reused })
    expect(await count('births')).toBe(1)
    expect(await count('animals')).toBe(2)
  })

  it('answers a calving refused by the 280-day rule with its reason, and keeps no key', async () => {
    const mother = await cow('V-902')
    expect(
      (await post('births', birth(mother, { read_at: '2024-09-01', tag_pending: true }), key())).status,
    ).toBe(201)
    const k = key()
    const refused = await post('births', birth(mother, { read_at: '2025-05-01', tag_pending: true }), k)
    expect(refused.status).toBe(400)
    expect(await refused.json()).toEqual({ error: BIRTH_RULE_MESSAGES.tooSoon('V-902', '2024-09-01', 242) })
    expect(await t.db.selectFrom('idempotency_keys').select('key').where('key', '=', k).execute()).toEqual([])
  })

  it('writes a treatment sent twice with one key once: one treatment, one alert, the same answer', async () => {
    const animal = await cow('V-910')
    const k = key()
    const first = await post('treatments', treatment(animal), k)
    expect(first.status).toBe(201)
    const firstBody = await first.json()
    const second = await post('treatments', treatment(animal), k)
    expect(second.status).toBe(201)
    expect(second.headers.get('Idempotent-Replayed')).toBe('true')
    expect(await second.json()).toEqual(firstBody)
    expect(await count('animal_treatments')).toBe(1)
    expect(await alertsOf(animal)).toHaveLength(1)
  })

  it('refuses a treatment key reused with another body with 422, writing nothing more', async () => {
    const animal = await cow('V-911')
    const k = key()
    expect((await post('treatments', treatment(animal), k)).status).toBe(201)
    const reused = await post('treatments', treatment(animal, { withdrawal_days: 10 }), k)
    expect(reused.status).toBe(422)
    expect(await reused.json()).toEqual({ error: IDEMPOTENCY_MESSAGES.reused })
    expect(await count('animal_treatments')).toBe(1)
    expect(await alertsOf(animal)).toHaveLength(1)
  })
  it('documents the header and the 422 on both creates', async () => {
    const doc = await (await t.request('/openapi.json')).json()
    for (const path of ['/v2/establishments/{id}/births', '/v2/establishments/{id}/treatments']) {
      const operation = doc.paths[`/app-insights/api${path}`].post
      expect(
        operation.parameters.some(
          (p: { name: string; in: string }) =>
            p.name.toLowerCase() === 'idempotency-key' && p.in === 'header',
        ),
        path,
      ).toBe(true)
      expect(operation.responses['422'], path).toBeDefined()
    }
  })
})
