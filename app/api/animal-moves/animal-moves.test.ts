import { sql } from 'kysely'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { staleInsightAggregates } from '~/db/insight-aggregates.testing.server'
import { testEngines } from '~/db/testing.server'
import { ANIMALS_NOT_FOUND } from '~/features/animal-moves/animal-moves.server'
import { insertRodeos, lookups } from '../../../tests/factories'
import { createTestApi, type TestApi } from '../testing.server'

describe.each(testEngines())('bulk rodeo and category changes on %s', (engine) => {
  let t: TestApi
  let member: string
  let outsider: string
  let root: string
  let eidA: number
  let eidB: number
  let rodeoA1: number
  let rodeoA2: number
  let rodeoB: number
  let vaca: number
  let toro: number
  let macho: number
  let hembra: number
  /** 1,000 animals of A, all in rodeo A1 and category Vaca at the start. */
  let herdA: string[]
  let animalB: string

  /** Inserts `count` animals in one statement, tags `${prefix}-0001`… */
  async function insertHerd(eid: number, prefix: string, count: number, rodeoId: number) {
    const { rows } = await sql<{ id: string }>`
      insert into animals (establishment_id, visual_tag, rodeo_id, animal_type_id)
      select ${eid}, ${prefix} || '-' || lpad(n::text, 5, '0'), ${rodeoId}, ${vaca}
      from generate_series(1, ${count}) n
      returning id
    `.execute(t.db)
    return rows.map((row) => row.id)
  }

  const move = (kind: 'rodeo' | 'type', target: number, ids: string[], token = member) =>
    t.request(`/v2/animals/assign-to-${kind}/${target}`, {
      method: 'POST',
      token,
      json: { animal_ids: ids },
    })

  async function countWhere(column: 'rodeo_id' | 'animal_type_id', value: number, ids: string[]) {
    const row = await t.db
      .selectFrom('animals')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('id', 'in', ids)
      .where(column, '=', value)
      .executeTakeFirstOrThrow()
    return Number(row.n)
  }

  beforeAll(async () => {
    t = await createTestApi(engine)
    eidA = t.establishments.a.id
    eidB = t.establishments.b.id
    member = await t.tokenFor('member@test.local')
    outsider = await t.tokenFor('outsider@test.local')
    root = await t.tokenFor('root@test.local')
    const lookup = await lookups(t.db)
    vaca = lookup('animal_types', 'Vaca')
    toro = lookup('animal_types', 'Toro')
    macho = lookup('sexes', 'Macho')
    hembra = lookup('sexes', 'Hembra')
    ;[rodeoA1, rodeoA2] = (await insertRodeos(t.db, eidA, ['General', 'Recría'])) as [number, number]
    ;[rodeoB] = (await insertRodeos(t.db, eidB, ['General'])) as [number]
    herdA = await insertHerd(eidA, 'A', 1000, rodeoA1)
    ;[animalB] = (await insertHerd(eidB, 'B', 1, rodeoB)) as [string]
  })
  afterAll(() => t.close())
  // Tablero's event aggregates follow every write of these tests (decision 044).
  afterEach(async () => expect(await staleInsightAggregates(t.db)).toEqual([]))

  it('moves every selected animal to the rodeo and audits each change', async () => {
    const ids = herdA.slice(0, 3)
    const response = await move('rodeo', rodeoA2, ids)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({
      message: 'Rodeo/s actualizado exitosamente',
      data: { animals: 3, updated: 3 },
    })
    expect(await countWhere('rodeo_id', rodeoA2, ids)).toBe(3)
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'animal_assign_rodeo')
      .where('entity_id', 'in', ids)
      .execute()
    expect(audit).toHaveLength(3)
    expect(audit[0]).toMatchObject({
      establishment_id: eidA,
      entity: 'animal',
      before: { rodeo_id: rodeoA1 },
      after: { rodeo_id: rodeoA2 },
    })
    // Back again, so later tests start from rodeo A1.
    expect((await move('rodeo', rodeoA1, ids)).status).toBe(200)
  })

  it('moves nothing when one id among 1,000 is unknown', async () => {
    const ids = [...herdA.slice(0, 999), '00000000-0000-4000-8000-000000000000']
    const response = await move('rodeo', rodeoA2, ids)
    expect(response.status).toBe(400)
    expect((await response.json()).error).toMatch(/no se modificó ninguno/)
    expect(await countWhere('rodeo_id', rodeoA2, herdA)).toBe(0)
  })

  it('moves nothing when one animal among 1,000 is of another establishment', async () => {
    const ids = [...herdA.slice(0, 999), animalB]
    for (const [kind, target] of [
      ['rodeo', rodeoA2],
      ['type', toro],
    ] as const) {
      const response = await move(kind, target, ids, root)
      expect(response.status, kind).toBe(400)
      expect((await response.json()).error).toBeTruthy()
    }
    expect(await countWhere('rodeo_id', rodeoA2, herdA)).toBe(0)
    expect(await countWhere('animal_type_id', toro, [...herdA, animalB])).toBe(0)
  })

  it('moves nothing when one animal among 1,000 was deleted', async () => {
    const [gone] = await insertHerd(eidA, 'GONE', 1, rodeoA1)
    await t.db
      .updateTable('animals')
      .set({ deleted_at: new Date() })
      .where('id', '=', gone as string)
      .execute()
    const response = await move('type', toro, [...herdA.slice(0, 999), gone as string])
    expect(response.status).toBe(400)
    expect(await countWhere('animal_type_id', toro, herdA)).toBe(0)
  })

  it('refuses a rodeo of another establishment exactly like an unknown one, and an unknown category', async () => {
    const unknownRodeo = await move('rodeo', 999_999, herdA.slice(0, 2))
    expect(unknownRodeo.status).toBe(404)
    expect(await unknownRodeo.json()).toEqual({ error: 'El rodeo no existe' })
    // A rodeo of B, to a member of A: the same answer, so rodeo ids cannot be probed.
    const foreign = await move('rodeo', rodeoB, herdA.slice(0, 2))
    expect({ status: foreign.status, body: await foreign.json() }).toEqual({
      status: 404,
      body: { error: 'El rodeo no existe' },
    })
    // Even a superadmin cannot put animals of A into a rodeo of B.
    expect((await move('rodeo', rodeoB, herdA.slice(0, 2), root)).status).toBe(400)
    const unknownType = await move('type', 999_999, herdA.slice(0, 2))
    expect(unknownType.status).toBe(404)
    expect(await unknownType.json()).toEqual({ error: 'La categoría no existe' })
    expect(await countWhere('rodeo_id', rodeoA1, herdA)).toBe(1000)
  })

  it('refuses a category that contradicts the recorded sex of any animal, and changes none', async () => {
    const males = await insertHerd(eidA, 'SEXO-M', 7, rodeoA1)
    const females = await insertHerd(eidA, 'SEXO-H', 3, rodeoA1)
    const unknownSex = await insertHerd(eidA, 'SEXO-X', 2, rodeoA1)
    await t.db.updateTable('animals').set({ sex_id: macho }).where('id', 'in', males).execute()
    await t.db.updateTable('animals').set({ sex_id: hembra }).where('id', 'in', females).execute()
    const before = await sql<{ n: number }>`select count(*)::int as n from audit_log`.execute(t.db)

    // Seven males among the cows: the whole move is refused, naming how many and the first tags.
    const toroIds = [...females, ...males, ...unknownSex]
    await t.db.updateTable('animals').set({ animal_type_id: toro }).where('id', 'in', toroIds).execute()
    const mixed = await move('type', vaca, toroIds)
    expect(mixed.status).toBe(400)
    expect(await mixed.json()).toEqual({
      error:
        'La categoría Vaca corresponde a Hembra: 7 animales seleccionados son machos ' +
        '(IDV SEXO-M-00001, SEXO-M-00002, SEXO-M-00003, SEXO-M-00004, SEXO-M-00005 y 2 más). No se modificó ninguno.',
    })
    expect(await countWhere('animal_type_id', toro, toroIds)).toBe(toroIds.length)
    const one = await move('type', vaca, [...females, males[0] as string])
    expect((await one.json()).error).toBe(
      'La categoría Vaca corresponde a Hembra: 1 animal seleccionado es macho (IDV SEXO-M-00001). No se modificó ninguno.',
    )
    const after = await sql<{ n: number }>`select count(*)::int as n from audit_log`.execute(t.db)
    expect(after.rows[0]?.n).toBe(before.rows[0]?.n)

    // Females and animals of unknown sex become cows; the unknown sex is filled, as the form does.
    const cows = await move('type', vaca, [...females, ...unknownSex])
    expect(cows.status).toBe(200)
    expect((await cows.json()).data).toEqual({ animals: 5, updated: 5 })
    const filled = await t.db.selectFrom('animals').select('sex_id').where('id', 'in', unknownSex).execute()
    expect(filled.map((row) => row.sex_id)).toEqual([hembra, hembra])
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['before', 'after'])
      .where('action', '=', 'animal_assign_type')
      .where('entity_id', '=', unknownSex[0] as string)
      .executeTakeFirstOrThrow()
    expect(audit).toEqual({
      before: { animal_type_id: toro, sex_id: null },
      after: { animal_type_id: vaca, sex_id: hembra },
    })
    // A rodeo move leaves the sex alone.
    expect((await move('rodeo', rodeoA2, males)).status).toBe(200)
    expect(await countWhere('rodeo_id', rodeoA2, males)).toBe(7)
    expect((await move('rodeo', rodeoA1, males)).status).toBe(200)
  })

  it('refuses invalid bodies in Spanish', async () => {
    for (const json of [{}, { animal_ids: [] }, { animal_ids: ['x'] }]) {
      const response = await t.request(`/v2/animals/assign-to-rodeo/${rodeoA2}`, {
        method: 'POST',
        token: member,
        json,
      })
      expect(response.status, JSON.stringify(json)).toBe(400)
      expect(Object.keys(await response.json())).toEqual(['error'])
    }
    expect((await move('rodeo', rodeoA2, herdA.slice(0, 1), '')).status).toBe(401)
  })

  it('lets no user of another establishment move its animals (isolation)', async () => {
    const answer = async (response: Response) => ({ status: response.status, body: await response.json() })
    const unknownAnimals = ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002']
    // A's rodeo answers the outsider as an unknown rodeo does…
    expect(await answer(await move('rodeo', rodeoA2, herdA.slice(0, 5), outsider))).toEqual(
      await answer(await move('rodeo', 999_999, herdA.slice(0, 5), outsider)),
    )
    // …A's animals as unknown animals do, alone or beside the outsider's own animal.
    const foreignType = await answer(await move('type', toro, herdA.slice(0, 5), outsider))
    expect(foreignType).toEqual(await answer(await move('type', toro, unknownAnimals, outsider)))
    expect(foreignType).toEqual({ status: 400, body: { error: ANIMALS_NOT_FOUND } })
    expect(await answer(await move('type', toro, [animalB, herdA[0] as string], outsider))).toEqual(
      await answer(await move('type', toro, [animalB, unknownAnimals[0] as string], outsider)),
    )
    // Nor move its own animal into A's rodeo.
    expect((await move('rodeo', rodeoA2, [animalB], outsider)).status).toBe(404)
    expect(await countWhere('rodeo_id', rodeoA2, herdA)).toBe(0)
    expect(await countWhere('animal_type_id', toro, herdA)).toBe(0)
    const audit = await t.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', t.users.outsider)
      .executeTakeFirstOrThrow()
    expect(Number(audit.n)).toBe(0)
  })

  it('changes the category of 10,000 animals in one request, every one audited', async () => {
    const big = await insertHerd(eidA, 'BIG', 10_000, rodeoA1)
    const response = await move('type', toro, big)
    expect(response.status).toBe(200)
    expect((await response.json()).data).toEqual({ animals: 10_000, updated: 10_000 })
    expect(await countWhere('animal_type_id', toro, big.slice(0, 5000))).toBe(5000)
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from audit_log
      where action = 'animal_assign_type' and entity_id = any(${big}::text[])
    `.execute(t.db)
    expect(rows[0]?.n).toBe(10_000)
    // Asking again changes nothing and audits nothing: those animals already are Toro.
    const again = await move('type', toro, big)
    expect((await again.json()).data).toEqual({ animals: 10_000, updated: 0 })
  })
})
