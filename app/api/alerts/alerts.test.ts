import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { testEngines } from '~/db/testing.server'
import type { ActiveAlertsResponse, Alert } from '~/features/alerts/alerts.schema'
import {
  insertAlerts,
  insertAnimals,
  insertEstablishments,
  insertMemberships,
  insertToken,
} from '../../../tests/factories'
import { createTestApi, type TestApi } from '../testing.server'

describe.each(testEngines())('alerts API on %s', (engine) => {
  let t: TestApi
  let member: string
  let outsider: string
  /** This test's own establishment of the member's (see beforeEach). */
  let eidA: number
  let eidB: number
  let cowA: string
  let calfA: string
  let cowB: string

  const create = (alerts: unknown[], token = member) =>
    t.request('/v2/alerts', { method: 'POST', token, json: { alerts } })
  async function active(query = '', token = member, eid = eidA) {
    const response = await t.request(`/v2/establishments/${eid}/alerts${query}`, { token })
    return { status: response.status, body: (await response.json()) as ActiveAlertsResponse }
  }
  async function auditCount(action: string) {
    const row = await t.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('action', '=', action)
      .executeTakeFirstOrThrow()
    return Number(row.n)
  }

  beforeAll(async () => {
    t = await createTestApi(engine)
    eidB = t.establishments.b.id
    member = await insertToken(t.db, t.users.member)
    outsider = await insertToken(t.db, t.users.outsider)
    ;[cowB] = (await insertAnimals(t.db, eidB, [{ visual_tag: 'OMBU-1' }])).map((a) => a.id) as [string]
  })
  // Each test works in an establishment of its own with two animals, the member in it and the
  // outsider not: no test reads the alerts another one wrote or marked.
  beforeEach(async () => {
    const [own] = await insertEstablishments(t.db, [{ name: 'La Esperanza' }])
    eidA = (own as { id: number }).id
    await insertMemberships(t.db, [{ userId: t.users.member, establishmentId: eidA }])
    ;[cowA, calfA] = (
      await insertAnimals(t.db, eidA, [{ visual_tag: 'VACA-1' }, { visual_tag: 'TERNERO-2' }])
    ).map((a) => a.id) as [string, string]
  })
  afterAll(() => t.close())

  /** The two alerts the first test creates through the API, written directly. */
  const twoAlerts = () =>
    insertAlerts(t.db, eidA, [
      { animal_id: cowA, description: 'revisar pezuña' },
      { animal_id: calfA, description: 'vender' },
    ])

  it('creates one active alert per animal, audited, and lists it as active', async () => {
    const audited = await auditCount('alert_create')
    const response = await create([
      { description: 'revisar pezuña', active: 1, animal_id: cowA },
      { description: ' vender ', active: true, animal_id: calfA },
    ])
    expect(response.status).toBe(201)
    const body = (await response.json()) as { message: string; data: Alert[] }
    expect(body.message).toBe('Alerta/s creadas con exito')
    expect(body.data.map((a) => [a.description, a.active, a.visual_tag])).toEqual([
      ['revisar pezuña', 1, 'VACA-1'],
      ['vender', 1, 'TERNERO-2'],
    ])
    expect(await auditCount('alert_create')).toBe(audited + 2)
    const list = await active()
    expect(list.status).toBe(200)
    expect(list.body.meta.total).toBe(2)
    expect(list.body.data.map((a) => a.visual_tag).sort()).toEqual(['TERNERO-2', 'VACA-1'])
    // The animals list's `alerts` filter shows the animals with active alerts.
    const animals = await (
      await t.request(`/v2/establishments/${eidA}/animals?alerts=1`, { token: member })
    ).json()
    expect(animals.data.map((a: { visual_tag: string }) => a.visual_tag).sort()).toEqual([
      'TERNERO-2',
      'VACA-1',
    ])
  })

  it('filters the active alerts by IDV and description', async () => {
    await twoAlerts()
    expect((await active('?visual_tag=vaca')).body.data.map((a) => a.description)).toEqual(['revisar pezuña'])
    expect((await active('?description=VEND')).body.data.map((a) => a.visual_tag)).toEqual(['TERNERO-2'])
    expect((await active('?description=%25')).body.data).toEqual([])
  })

  it('marks one alert read, then many: they leave the active list', async () => {
    await twoAlerts()
    const audited = await auditCount('alert_mark_read')
    const [first, second] = (await active('?visual_tag=VACA')).body.data.concat(
      (await active('?visual_tag=TERNERO')).body.data,
    ) as [Alert, Alert]
    const one = await t.request(`/v2/alerts/${first.id}/mark-as-read`, { method: 'PATCH', token: member })
    expect(one.status).toBe(200)
    expect((await one.json()).message).toBe('Alertas marcadas como leídas exitosamente.')
    expect((await active()).body.data.map((a) => a.id)).toEqual([second.id])
    const stored = await t.db
      .selectFrom('alerts')
      .selectAll()
      .where('id', '=', first.id)
      .executeTakeFirstOrThrow()
    expect(stored.active).toBe(false)
    expect(stored.read_at).not.toBeNull()
    expect(stored.read_by).toBe(t.users.member)

    const many = await t.request('/v2/alerts/mark-as-read', {
      method: 'PATCH',
      token: member,
      json: { ids: [first.id, second.id] },
    })
    expect(many.status).toBe(200)
    expect((await many.json()).data).toEqual({ alerts: 2, updated: 1 })
    expect((await active()).body.meta.total).toBe(0)
    expect(await auditCount('alert_mark_read')).toBe(audited + 2)
  })

  it('creates nothing when one animal is unknown, deleted or of another establishment', async () => {
    const before = await auditCount('alert_create')
    for (const other of ['00000000-0000-4000-8000-000000000000', cowB]) {
      const response = await create([
        { description: 'vender', active: 1, animal_id: cowA },
        { description: 'vender', active: 1, animal_id: other },
      ])
      expect(response.status).toBe(400)
      expect((await response.json()).error).toBeTruthy()
    }
    expect(await auditCount('alert_create')).toBe(before)
    expect((await active()).body.meta.total).toBe(0)
  })

  it('refuses invalid bodies in Spanish', async () => {
    for (const alerts of [[], [{ description: '  ', active: 1, animal_id: cowA }], [{ description: 'x' }]]) {
      const response = await create(alerts)
      expect(response.status).toBe(400)
      expect(Object.keys(await response.json())).toEqual(['error'])
    }
    const unknown = await t.request('/v2/alerts/999999/mark-as-read', { method: 'PATCH', token: member })
    expect(unknown.status).toBe(404)
    expect(await unknown.json()).toEqual({ error: 'La alerta no existe' })
  })

  it('lets no user of another establishment create, read or mark its alerts (isolation)', async () => {
    const created = await create([{ description: 'revisar pezuña', active: 1, animal_id: cowA }])
    const [alert] = ((await created.json()) as { data: Alert[] }).data as [Alert]

    const answer = async (response: Response) => ({ status: response.status, body: await response.json() })
    const unknownAnimal = '00000000-0000-4000-8000-000000000000'
    // A's animal answers the outsider exactly as an unknown animal does, alone or beside its own.
    const foreignAnimal = await answer(
      await create([{ description: 'x', active: 1, animal_id: cowA }], outsider),
    )
    expect(foreignAnimal).toEqual(
      await answer(await create([{ description: 'x', active: 1, animal_id: unknownAnimal }], outsider)),
    )
    expect(foreignAnimal.status).toBe(400)
    const pair = (other: string) => [
      { description: 'x', active: 1, animal_id: cowB },
      { description: 'x', active: 1, animal_id: other },
    ]
    expect(await answer(await create(pair(cowA), outsider))).toEqual(
      await answer(await create(pair(unknownAnimal), outsider)),
    )
    expect((await active('', outsider)).status).toBe(403)
    // A's alert answers exactly as an unknown alert does.
    const markOne = (id: number) =>
      t.request(`/v2/alerts/${id}/mark-as-read`, { method: 'PATCH', token: outsider })
    expect(await answer(await markOne(alert.id))).toEqual(await answer(await markOne(999_999)))
    expect(await answer(await markOne(alert.id))).toEqual({
      status: 404,
      body: { error: 'La alerta no existe' },
    })
    const mine = await create([{ description: 'mía', active: 1, animal_id: cowB }], outsider)
    expect(mine.status).toBe(201)
    const [own] = ((await mine.json()) as { data: Alert[] }).data as [Alert]
    // One foreign id among its own: nothing is marked, and the answer is that of an unknown id.
    const markMany = (ids: number[]) =>
      t.request('/v2/alerts/mark-as-read', { method: 'PATCH', token: outsider, json: { ids } })
    const many = await answer(await markMany([own.id, alert.id]))
    expect(many).toEqual(await answer(await markMany([own.id, 999_999])))
    expect(many).toEqual({ status: 404, body: { error: 'Alguna de las alertas no existe' } })
    expect((await active()).body.data.map((a) => a.id)).toEqual([alert.id])
    expect((await active('', outsider, eidB)).body.data.map((a) => a.id)).toEqual([own.id])
  })
})
