import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/database.server'
import { seedDemo } from '~/db/seed/demo.server'
import { createTestDatabase, testEngines } from '~/db/testing.server'
import {
  createUploadTestApi,
  fillTemplate,
  type TestCell,
  uploadForm,
  xlsxFile,
} from '~/features/bulk-upload/testing.server'
import { keptAndFreshOutcomes } from '~/features/insights/testing.server'
import type { TestApi } from '../testing.server'

/**
 * The IATF outcomes kept per service by the triggers of migration 0018 (decision 045) equal a fresh
 * computation after every write path that touches services or checks: uploads, the single create and
 * edit (the API's, which the chute's forms call too), statements over several rows (an upload's or a
 * script's updates and deletes), an animal delete, and the demo seed. Each step also checks the
 * attribution it should have produced, so a trigger that kept nothing would fail too.
 */
describe.each(testEngines())('IATF outcomes kept per service on %s', (engine) => {
  let t: TestApi
  let f: Awaited<ReturnType<typeof createUploadTestApi>>['f']
  let eid: number
  let admin: string

  async function expectFresh() {
    const { kept, fresh } = await keptAndFreshOutcomes(t.db)
    expect(kept).toEqual(fresh)
    return kept
  }
  /** The kept detail of each service of a cow, in service order (the detail's name, or null). */
  async function outcomesOf(tag: string) {
    const { rows } = await sql<{ read_at: string; detail: string | null }>`
      select o.read_at, d.description as detail from service_outcomes o
      left join pregnancy_check_details d on d.id = o.pregnancy_check_detail_id
      where o.animal_id = ${f.animalId(tag)} order by o.read_at`.execute(t.db)
    return rows.map((row) => `${row.read_at.slice(0, 10)} ${row.detail}`)
  }
  async function upload(
    kind: 'artificial-insemination' | 'pregnancy-check',
    session: number,
    rows: TestCell[][],
  ) {
    const path = kind === 'artificial-insemination' ? 'artificialinseminations' : 'pregnancy-checks'
    const response = await t.request(`/v2/${path}/bulk-upload`, {
      method: 'POST',
      token: admin,
      body: uploadForm(xlsxFile(fillTemplate(kind, rows)), {
        establishmentId: String(eid),
        cattle_handling_id: String(session),
      }),
    })
    expect(response.status, await response.clone().text()).toBe(201)
  }
  const send = async (method: 'POST' | 'PATCH', path: string, json: unknown) => {
    const response = await t.request(path, { method, token: admin, json })
    expect(response.status, await response.clone().text()).toBeLessThan(300)
    return (await response.json()) as { data: Record<string, unknown> }
  }
  const versionOf = async (table: 'artificial_inseminations' | 'pregnancy_checks', id: number) =>
    (await t.db.selectFrom(table).select('version').where('id', '=', id).executeTakeFirstOrThrow()).version

  beforeAll(async () => {
    const api = await createUploadTestApi(engine)
    ;({ t, f } = api)
    eid = api.eidA
    admin = api.tokens.admin
  })
  afterAll(() => t.close())

  it('keeps the uploads’ outcomes', async () => {
    await upload('artificial-insemination', f.sessions.insemination, [
      ['V-001', null, '05/01/2025', 'Toro 1', 'Juan Pérez'],
      ['V-002', null, '05/01/2025', 'Angus Max', 'María López'],
      ['V-003', null, '05/01/2025', null, null],
    ])
    await upload('pregnancy-check', f.sessions.pregnancy, [
      // 46 days after: V-001's and V-002's checks; V-003's is 15 days after, too early.
      ['V-001', null, '20/02/2025', 'IA', 'Sí', null],
      ['V-002', null, '20/02/2025', 'vacia', 'no', null],
      ['V-003', null, '20/01/2025', 'IA', null, null],
    ])
    expect(await expectFresh()).toHaveLength(3)
    expect(await outcomesOf('V-001')).toEqual(['2025-01-05 IA'])
    expect(await outcomesOf('V-002')).toEqual(['2025-01-05 Vacia'])
    expect(await outcomesOf('V-003')).toEqual(['2025-01-05 null'])
  })

  it('keeps them through a single create and edit of a service and of a check', async () => {
    // One service and one check per animal and session: the second ones go to sessions of their own.
    const session = async (work: 1 | 2, name: string) =>
      (
        await t.db
          .insertInto('cattle_handlings')
          .values({
            establishment_id: eid,
            name,
            activity_date: '2025-01-20 00:00:00',
            cattle_handling_work: work,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id
    const resynch = await session(1, 'Resincronización')
    const recheck = await session(2, 'Tacto de repaso')
    // A second service before the check takes it; the first drops out.
    const created = await send('POST', `/v2/establishment/${eid}/artificial-inseminations`, {
      animal_id: f.animalId('V-001'),
      bull_id: f.bulls.get('Toro 1'),
      inseminator_id: 'null',
      read_at: '2025-01-20',
      cattle_handling_id: resynch,
    })
    await expectFresh()
    expect(await outcomesOf('V-001')).toEqual(['2025-01-05 null', '2025-01-20 IA'])

    // The check's detail edited.
    const check = await t.db
      .selectFrom('pregnancy_checks')
      .select('id')
      .where('animal_id', '=', f.animalId('V-001'))
      .executeTakeFirstOrThrow()
    const checkId = Number(check.id)
    await send('PATCH', `/v2/pregnancy-checks/${checkId}`, {
      pregnancy_check_detailId: f.id('pregnancy_check_details', 'Vacia'),
      version: await versionOf('pregnancy_checks', checkId),
    })
    await expectFresh()
    expect(await outcomesOf('V-001')).toEqual(['2025-01-05 null', '2025-01-20 Vacia'])

    // The second service moved after the check: the first gets it back, the second has none.
    const serviceId = Number(created.data.artificial_insemination_id ?? created.data.id)
    await send('PATCH', `/v2/artificial-inseminations/${serviceId}`, {
      read_at: '2025-03-01',
      version: await versionOf('artificial_inseminations', serviceId),
    })
    await expectFresh()
    expect(await outcomesOf('V-001')).toEqual(['2025-01-05 Vacia', '2025-03-01 null'])

    // A single check created for V-003, 40 days after its service.
    await send('POST', `/v2/establishment/${eid}/pregnancy-checks`, {
      animal_id: f.animalId('V-003'),
      pregnancy_check_detailId: f.id('pregnancy_check_details', 'Cabeza'),
      is_ultrasound_scan: '0',
      read_at: '2025-02-14',
      cattle_handling_id: recheck,
    })
    await expectFresh()
    expect(await outcomesOf('V-003')).toEqual(['2025-01-05 Cabeza'])
  })

  it('keeps them through statements over several rows and deletes', async () => {
    // Every check moved 100 days later: out of every service's 25–120 day window but V-001's second.
    await sql`update pregnancy_checks set read_at = read_at + interval '100 days'`.execute(t.db)
    await expectFresh()
    expect(await outcomesOf('V-002')).toEqual(['2025-01-05 null'])
    await sql`update pregnancy_checks set read_at = read_at - interval '100 days'`.execute(t.db)
    // Only bookkeeping changed: nothing to recompute, and nothing changes.
    await sql`update artificial_inseminations set chute_order = chute_order + 10`.execute(t.db)
    await expectFresh()
    expect(await outcomesOf('V-002')).toEqual(['2025-01-05 Vacia'])

    await sql`delete from pregnancy_checks where animal_id = ${f.animalId('V-002')}`.execute(t.db)
    await expectFresh()
    expect(await outcomesOf('V-002')).toEqual(['2025-01-05 null'])
    await sql`delete from artificial_inseminations where animal_id = ${f.animalId('V-003')}`.execute(t.db)
    expect(await expectFresh()).toHaveLength(3)
    expect(await outcomesOf('V-003')).toEqual([])
  })

  it('keeps them when an animal is deleted (its history stays; Tablero leaves it out)', async () => {
    const animal = await t.db
      .selectFrom('animals')
      .select('version')
      .where('id', '=', f.animalId('V-001'))
      .executeTakeFirstOrThrow()
    const response = await t.request(
      `/v1/establishment/${eid}/animals/${f.animalId('V-001')}?version=${animal.version}`,
      { method: 'DELETE', token: admin },
    )
    expect(response.status, await response.clone().text()).toBe(200)
    await expectFresh()
    const dashboard = await t.request(
      `/v2/establishments/${eid}/insights/dashboard?from=2025-01-01&to=2025-12-31`,
      {
        token: admin,
      },
    )
    expect(dashboard.status).toBe(200)
    const { data } = (await dashboard.json()) as {
      data: { reproduction: { conception_by_session: { total: number }[] } }
    }
    // V-001 is gone; V-002 lost its check and V-003 its service: no service with a check is left.
    expect(data.reproduction.conception_by_session.map((row) => row.total)).toEqual([0])
  })
})

describe.each(testEngines())('IATF outcomes of the demo seed on %s', (engine) => {
  let handle: DatabaseHandle
  beforeAll(async () => {
    handle = await createTestDatabase(engine)
    await seedDemo(handle.db)
  }, 120_000)
  afterAll(() => handle.close())

  it('equal a fresh computation, with checked services among them', async () => {
    const { kept, fresh } = await keptAndFreshOutcomes(handle.db)
    expect(kept).toEqual(fresh)
    expect(kept.filter((row) => row.pregnancy_check_detail_id !== null).length).toBeGreaterThan(100)
  })
})
