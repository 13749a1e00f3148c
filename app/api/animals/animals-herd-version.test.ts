import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CATTLE_HANDLING_WORK } from '~/db/schema'
import { testEngines } from '~/db/testing.server'
import type { AnimalListResponse } from '~/features/animals/animals.schema'
import { insertAnimals, insertRodeos, insertSession, lookups } from '../../../tests/factories'
import { createApiApp } from '../app'
import { createTestApi, type TestApi } from '../testing.server'

/**
 * The list's answers are cached per app instance at the herd's version (decision 043): after every
 * kind of write, by the app or by anyone else on the database, the next list must show it, on the
 * instance that wrote and on another one. Each case lists first (so a cached answer exists), writes,
 * and lists again: a cache that missed the write would answer the first list's rows.
 */
describe.each(testEngines())('the animal list after writes on %s', (engine) => {
  let t: TestApi
  let member: string
  let admin: string
  let eid: number
  let other: number
  let session: number
  const ids: Record<string, number> = {}
  let rodeos: number[]
  /** A second instance: its own API app (its own cache) over the same database. */
  let second: ReturnType<typeof createApiApp>

  async function list(query = '', instance: 'first' | 'second' = 'first', eidOf = eid) {
    const path = `/v2/establishments/${eidOf}/animals${query}`
    const headers = { authorization: `Bearer ${member}` }
    const response =
      instance === 'first'
        ? await t.request(path, { token: member })
        : await second.request(`/app-insights/api${path}`, { headers })
    expect(response.status).toBe(200)
    return (await response.json()) as AnimalListResponse
  }
  const row = async (tag: string, query = '', instance: 'first' | 'second' = 'first') => {
    const body = await list(`?visual_tag=${encodeURIComponent(tag)}${query ? `&${query}` : ''}`, instance)
    return body.data.find((r) => r.visual_tag === tag)
  }
  const totals = async (instance: 'first' | 'second' = 'first') => ({
    activos: (await list('', instance)).meta.total,
    bajas: (await list('?status=bajas', instance)).meta.total,
    todos: (await list('?status=todos', instance)).meta.total,
  })
  const animal = async (tag: string) =>
    (await insertAnimals(t.db, eid, [{ visual_tag: tag, animal_type_id: ids.vaca, rodeo_id: rodeos[0] }]))[0]
      ?.id as string

  beforeAll(async () => {
    t = await createTestApi(engine)
    eid = t.establishments.a.id
    other = t.establishments.b.id
    member = await t.tokenFor('member@test.local')
    admin = await t.tokenFor('admin@test.local')
    second = createApiApp({ database: async () => t.handle })
    const lookup = await lookups(t.db)
    ids.vaca = lookup('animal_types', 'Vaca')
    ids.ternero = lookup('animal_types', 'Ternero')
    ids.angus = lookup('breeds', 'Angus')
    ids.negro = lookup('colors', 'negro')
    ids.nacimiento = lookup('check_in_types', 'Nacimiento')
    ids.control = lookup('weighing_times', 'Control')
    rodeos = await insertRodeos(t.db, eid, ['General', 'Recría'])
    session = await insertSession(t.db, eid, {
      name: 'Pesadas',
      activity_date: '2025-05-01 00:00:00',
      cattle_handling_work: CATTLE_HANDLING_WORK.weighing,
    })
  })
  afterAll(() => t.close())

  it('counts the herd by status from the kept counts, exactly, through every kind of animal write', async () => {
    const count = async () => {
      const { rows } = await sql<{ activos: number; bajas: number; todos: number }>`
        select count(*) filter (where check_out_date is null)::int as activos,
          count(*) filter (where check_out_date is not null)::int as bajas, count(*)::int as todos
        from animals where establishment_id = ${eid} and deleted_at is null`.execute(t.db)
      return rows[0]
    }
    const before = await totals()
    expect(before).toEqual(await count())
    const created = await animal('CUENTA-1')
    await animal('CUENTA-2')
    expect(await totals()).toEqual({ ...before, activos: before.activos + 2, todos: before.todos + 2 })
    // A check-out, a soft delete, a restore, a hard delete (a script's), each one statement.
    await sql`update animals set check_out_date = '2026-01-10 00:00:00' where id = ${created}`.execute(t.db)
    expect(await totals('second')).toEqual({
      activos: before.activos + 1,
      bajas: before.bajas + 1,
      todos: before.todos + 2,
    })
    await sql`update animals set deleted_at = now() where id = ${created}`.execute(t.db)
    expect(await totals()).toEqual({ ...before, activos: before.activos + 1, todos: before.todos + 1 })
    await sql`update animals set deleted_at = null where id = ${created}`.execute(t.db)
    expect(await totals('second')).toEqual({
      activos: before.activos + 1,
      bajas: before.bajas + 1,
      todos: before.todos + 2,
    })
    await sql`delete from animals where visual_tag like 'CUENTA-%' and establishment_id = ${eid}`.execute(
      t.db,
    )
    expect(await totals()).toEqual(before)
    expect(await totals()).toEqual(await count())
    // The filter options (cached the same way) count the herd anew too.
    const vacas = async (instance: 'first' | 'second') => {
      const path = `/v1/establishment/${eid}/filter`
      const response =
        instance === 'first'
          ? await t.request(path, { token: member })
          : await second.request(`/app-insights/api${path}`, {
              headers: { authorization: `Bearer ${member}` },
            })
      const body = (await response.json()) as { data: { animal_types: { id: number; count: number }[] } }
      return body.data.animal_types.find((o) => o.id === ids.vaca)?.count
    }
    const cows = (await vacas('first')) ?? 0
    expect(await vacas('second')).toBe(cows)
    await animal('CUENTA-3')
    expect(await vacas('first')).toBe(cows + 1)
    expect(await vacas('second')).toBe(cows + 1)
    await sql`delete from animals where visual_tag = 'CUENTA-3'`.execute(t.db)
    // Another establishment's writes move only its own counts.
    await insertAnimals(t.db, other, [{ visual_tag: 'AJENO-1' }])
    expect(await totals()).toEqual(before)
  })

  it('shows an animal created, edited, deleted through the API, on both instances', async () => {
    await list('', 'second')
    const create = await t.request(`/v3/establishments/${eid}/animals`, {
      method: 'POST',
      token: member,
      json: {
        visual_tag: 'API-1',
        color_id: ids.negro,
        breed_id: ids.angus,
        animal_type_id: ids.vaca,
        check_in_type_id: ids.nacimiento,
        rodeo_id: rodeos[0],
      },
    })
    expect(create.status, await create.clone().text()).toBe(201)
    const created = (await create.json()).data as { animal_id: string; version: number }
    expect((await row('API-1', '', 'second'))?.rodeo?.id).toBe(rodeos[0])
    const edit = await second.request(
      `/app-insights/api/v1/establishment/${eid}/animals/${created.animal_id}`,
      {
        method: 'PUT',
        headers: { authorization: `Bearer ${member}`, 'content-type': 'application/json' },
        body: JSON.stringify({ version: created.version, origin: 'Editado' }),
      },
    )
    expect(edit.status, await edit.clone().text()).toBe(200)
    expect((await row('API-1'))?.origin).toBe('Editado')
    const removed = await t.request(`/v1/establishment/${eid}/animals/${created.animal_id}`, {
      method: 'DELETE',
      token: member,
    })
    expect(removed.status).toBe(200)
    expect(await row('API-1', '', 'second')).toBeUndefined()
    expect(await row('API-1')).toBeUndefined()
  })

  it('shows a weighing created, edited and deleted at the chute', async () => {
    await animal('PESO-1')
    expect((await row('PESO-1'))?.last_weight).toBeNull()
    await row('PESO-1', '', 'second')
    const created = await t.request(`/v2/establishment/${eid}/weighings`, {
      method: 'POST',
      token: member,
      json: {
        animal_id: (await row('PESO-1'))?.animal_id,
        weighing_time_id: ids.control,
        weight: 250,
        read_at: '2025-05-01 08:00:00',
        cattle_handling_id: session,
      },
    })
    expect(created.status, await created.clone().text()).toBe(201)
    const weighing = (await created.json()).data as { weighing_id: number; version: number }
    expect((await row('PESO-1', '', 'second'))?.last_weight).toBe(250)
    const edited = await t.request(`/v2/weighings/${weighing.weighing_id}`, {
      method: 'PATCH',
      token: member,
      json: { weight: 260, version: weighing.version },
    })
    expect(edited.status, await edited.clone().text()).toBe(200)
    expect((await row('PESO-1'))?.last_weight).toBe(260)
    expect((await row('PESO-1', '', 'second'))?.last_weight).toBe(260)
    // Only the event row changes (its moment), not the animal: the event tables bump the version too.
    const lookup = await lookups(t.db)
    await sql`update weighings set weighing_time_id = ${lookup('weighing_times', 'Destete')}
      where id = ${weighing.weighing_id}`.execute(t.db)
    expect((await row('PESO-1'))?.last_weighing_time?.description).toBe('Destete')
    const deleted = await t.request(`/v2/weighings/${weighing.weighing_id}`, {
      method: 'DELETE',
      token: member,
    })
    expect(deleted.status, await deleted.clone().text()).toBe(200)
    expect((await row('PESO-1'))?.last_weight).toBeNull()
    expect((await row('PESO-1', '', 'second'))?.last_weight).toBeNull()
  })

  it('shows alerts raised and ended, and drops an alert once its end passes, without a write', async () => {
    const id = await animal('ALERTA-1')
    expect((await row('ALERTA-1'))?.alerts).toEqual([])
    expect((await list('?alerts=1')).data.map((r) => r.visual_tag)).not.toContain('ALERTA-1')
    const raised = await t.request('/v2/alerts', {
      method: 'POST',
      token: member,
      json: { alerts: [{ animal_id: id, description: 'revisar' }] },
    })
    expect(raised.status, await raised.clone().text()).toBe(201)
    expect((await row('ALERTA-1'))?.alerts.map((a) => a.description)).toEqual(['revisar'])
    expect((await list('?alerts=1', 'second')).data.map((r) => r.visual_tag)).toContain('ALERTA-1')
    const [alert] = (await row('ALERTA-1'))?.alerts ?? []
    const read = await t.request(`/v2/alerts/${alert?.id}/mark-as-read`, { method: 'PATCH', token: member })
    expect(read.status).toBe(200)
    expect((await row('ALERTA-1'))?.alerts).toEqual([])
    expect((await list('?alerts=1', 'second')).data.map((r) => r.visual_tag)).not.toContain('ALERTA-1')

    // An alert that ends by itself (a recorredor's, decision 036): cached while active, gone after.
    await sql`insert into alerts (establishment_id, animal_id, description, ends_at)
      values (${eid}, ${id}, 'pasajera', localtimestamp + interval '1500 milliseconds')`.execute(t.db)
    expect((await row('ALERTA-1'))?.alerts.map((a) => a.description)).toEqual(['pasajera'])
    expect((await row('ALERTA-1'))?.alerts.map((a) => a.description)).toEqual(['pasajera'])
    await new Promise((resolve) => setTimeout(resolve, 1800))
    expect((await row('ALERTA-1'))?.alerts).toEqual([])
  })

  it('shows a bulk move, an upload-sized insert and a renamed lookup', async () => {
    const moved = await Promise.all([animal('MUEVE-1'), animal('MUEVE-2')])
    expect((await list('?visual_tag=MUEVE')).data.map((r) => r.rodeo?.id)).toEqual([rodeos[0], rodeos[0]])
    await list('?visual_tag=MUEVE', 'second')
    const move = await t.request(`/v2/animals/assign-to-rodeo/${rodeos[1]}`, {
      method: 'POST',
      token: member,
      json: { animal_ids: moved },
    })
    expect(move.status, await move.clone().text()).toBe(200)
    expect((await list('?visual_tag=MUEVE', 'second')).data.map((r) => r.rodeo?.id)).toEqual([
      rodeos[1],
      rodeos[1],
    ])

    // Many animals in one statement, as an upload writes them.
    const before = (await list('', 'second')).meta.total
    await sql`insert into animals (establishment_id, visual_tag, animal_type_id)
      select ${eid}, 'LOTE-' || n, ${ids.ternero} from generate_series(1, 30) n`.execute(t.db)
    expect((await list('', 'second')).meta.total).toBe(before + 30)
    expect((await list('?visual_tag=LOTE-1&perPage=200')).meta.total).toBe(11)

    // A renamed rodeo (the framework's token, decision 027) is named anew in the cached list's rows.
    const rename = await t.request(`/v2/establishments/${eid}/rodeos/${rodeos[1]}`, {
      method: 'PATCH',
      token: admin,
      json: { name: 'Recría Norte' },
    })
    expect(rename.status, await rename.clone().text()).toBe(200)
    expect((await list('?visual_tag=MUEVE', 'second')).data.map((r) => r.rodeo?.description)).toEqual([
      'Recría Norte',
      'Recría Norte',
    ])
  })

  it('serves a repeated list from the cache: the tokens statement only', async () => {
    await list('?sort=gdpv&order=desc')
    const statements: string[] = []
    const executor = t.db.getExecutor()
    const original = executor.executeQuery
    executor.executeQuery = ((query: Parameters<typeof original>[0], ...rest: unknown[]) => {
      statements.push(query.sql)
      return (original as (...args: unknown[]) => ReturnType<typeof original>).call(executor, query, ...rest)
    }) as typeof original
    try {
      await list('?sort=gdpv&order=desc')
    } finally {
      executor.executeQuery = original
    }
    const listed = statements.filter((s) => /animals|herd_versions/.test(s))
    expect(listed).toHaveLength(1)
    expect(listed[0]).toMatch(/herd_versions/)
  })
})
