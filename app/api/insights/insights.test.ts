import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { staleInsightAggregates } from '~/db/insight-aggregates.testing.server'
import { CATTLE_HANDLING_WORK } from '~/db/schema'
import { testEngines } from '~/db/testing.server'
import type { Dashboard, Summary } from '~/features/insights/insights.schema'
import {
  insertAlerts,
  insertAnimals,
  insertBulls,
  insertEstablishments,
  insertEvents,
  insertMemberships,
  insertRodeos,
  insertSessions,
  insertToken,
  lookups,
} from '../../../tests/factories'
import { createTestApi, type TestApi } from '../testing.server'

/** 'YYYY-MM-DD 10:00:00' of `n` days before today (UTC, as the test databases run). */
const daysAgo = (n: number) => `${new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10)} 10:00:00`

/**
 * Seven animals whose every KPI is worked out by hand below (docs/kpis.md):
 *   V1 Vaca Norte  RFID   weighed 10 d ago        AI 60 d ago (IATF-1, Toro 1)  check 20 d ago 'IA'
 *   V2 Vaca Norte  no RFID never weighed          AI 60 d ago (IATF-1, Toro 1)  check 20 d ago 'Vacia'
 *   V3 Vaca Sur    RFID   weighed 200 and 100 d ago (300 → 330 kg)  AI 40 d ago (IATF-2, Toro 2), no check
 *   V4 Vaq Sur     no RFID never weighed          AI 10 d ago (IATF-2, Toro 2)
 *   V5 Vaq —       no RFID, checked out 30 d ago (out of every Resumen number)
 *   V6 Vaca Norte  RFID   weighed 5 d ago, one active + one read alert; check 20 d ago without detail
 *   V7 Vaca Sur    RFID   weighed 5 d ago   AI 100 d ago (IATF-0) and 60 d ago (IATF-1)  check 20 d ago 'IA'
 */
describe.each(testEngines())('insights API on %s', (engine) => {
  let t: TestApi
  let member: string
  let outsider: string
  let eid: number
  let rodeos: { norte: number; sur: number }
  let categories: { vaca: number; vaq: number }

  const get = async <T>(path: string, token = member) => {
    const response = await t.request(`/v2/establishments/${eid}${path}`, { token })
    expect(response.status, await response.clone().text()).toBe(200)
    return ((await response.json()) as { data: T }).data
  }

  beforeAll(async () => {
    t = await createTestApi(engine)
    const [own] = await insertEstablishments(t.db, [{ name: 'Insights' }])
    eid = (own as { id: number }).id
    await insertMemberships(t.db, [{ userId: t.users.member, establishmentId: eid }])
    member = await insertToken(t.db, t.users.member)
    outsider = await insertToken(t.db, t.users.outsider)
    const id = await lookups(t.db)
    const [norte, sur] = (await insertRodeos(t.db, eid, ['Norte', 'Sur'])) as [number, number]
    rodeos = { norte, sur }
    categories = { vaca: id('animal_types', 'Vaca'), vaq: id('animal_types', 'Vaq 1 serv') }
    const hembra = id('sexes', 'Hembra')
    const cow = (visual_tag: string, rodeo_id: number | null, extra: object = {}) => ({
      visual_tag,
      rodeo_id,
      animal_type_id: categories.vaca,
      sex_id: hembra,
      date_of_birth: daysAgo(4 * 365),
      electronic_tag: `98200000000000${visual_tag.slice(1)}`,
      ...extra,
    })
    const a = await insertAnimals(t.db, eid, [
      cow('V1', norte),
      cow('V2', norte, { electronic_tag: null }),
      cow('V3', sur),
      cow('V4', sur, { electronic_tag: null, animal_type_id: categories.vaq }),
      cow('V5', null, { electronic_tag: null, animal_type_id: categories.vaq, check_out_date: daysAgo(30) }),
      cow('V6', norte),
      cow('V7', sur),
    ])
    const [v1, v2, v3, v4, , v6, v7] = a.map((row) => row.id) as [
      string,
      string,
      string,
      string,
      string,
      string,
      string,
    ]
    const [toro1, toro2] = (await insertBulls(t.db, eid, [
      { alias: 'Toro 1' },
      { alias: 'Toro 2' },
    ])) as number[]
    const [iatf0, iatf1, iatf2, check, weighing] = await insertSessions(t.db, eid, [
      {
        name: 'IATF-0',
        cattle_handling_work: CATTLE_HANDLING_WORK.artificialInsemination,
        activity_date: daysAgo(100),
      },
      {
        name: 'IATF-1',
        cattle_handling_work: CATTLE_HANDLING_WORK.artificialInsemination,
        activity_date: daysAgo(60),
      },
      {
        name: 'IATF-2',
        cattle_handling_work: CATTLE_HANDLING_WORK.artificialInsemination,
        activity_date: daysAgo(40),
      },
      {
        name: 'Tacto',
        cattle_handling_work: CATTLE_HANDLING_WORK.pregnancyCheck,
        activity_date: daysAgo(20),
      },
      { name: 'Pesada', cattle_handling_work: CATTLE_HANDLING_WORK.weighing, activity_date: daysAgo(5) },
    ])
    const ai = (
      animal_id: string,
      session: number | undefined,
      days: number,
      bull_id: number | undefined,
    ) => ({
      animal_id,
      cattle_handling_id: session as number,
      read_at: daysAgo(days),
      bull_id,
    })
    await insertEvents(t.db, 'artificial_inseminations', eid, [
      ai(v7, iatf0, 100, toro1),
      ai(v1, iatf1, 60, toro1),
      ai(v2, iatf1, 60, toro1),
      ai(v7, iatf1, 60, toro1),
      ai(v3, iatf2, 40, toro2),
      ai(v4, iatf2, 10, toro2),
    ])
    const pc = (animal_id: string, detail: string | null) => ({
      animal_id,
      cattle_handling_id: check as number,
      read_at: daysAgo(20),
      pregnancy_check_detail_id: detail ? id('pregnancy_check_details', detail) : null,
    })
    await insertEvents(t.db, 'pregnancy_checks', eid, [
      pc(v1, 'IA'),
      pc(v2, 'Vacia'),
      pc(v6, null),
      pc(v7, 'IA'),
    ])
    const w = (animal_id: string, days: number, weight: number) => ({
      animal_id,
      cattle_handling_id: weighing as number,
      read_at: daysAgo(days),
      weight,
    })
    await insertEvents(t.db, 'weighings', eid, [
      w(v1, 10, 400),
      w(v3, 200, 300),
      w(v3, 100, 330),
      w(v6, 5, 420),
      w(v7, 5, 410),
    ])
    await insertAlerts(t.db, eid, [
      { animal_id: v6, description: 'Renguera' },
      { animal_id: v6, description: 'Vieja', active: false },
    ])
  })
  afterAll(() => t.close())
  // Tablero's event aggregates follow every write of these tests (decision 044).
  afterEach(async () => expect(await staleInsightAggregates(t.db)).toEqual([]))

  it('counts the herd today and what needs attention, as the Animales list does', async () => {
    const s = await get<Summary>('/insights/summary')
    // V5 left: six animals remain. Vaca: V1 V2 V3 V6 V7; Vaq 1 serv: V4. Norte: V1 V2 V6; Sur: V3 V4 V7.
    expect(s.head_count).toBe(6)
    expect(s.by_category.map((r) => [r.description, r.count])).toEqual([
      ['Vaca', 5],
      ['Vaq 1 serv', 1],
    ])
    expect(s.by_rodeo.map((r) => [r.id, r.count])).toEqual([
      [rodeos.norte, 3],
      [rodeos.sur, 3],
    ])
    // One active alert on V6 (the read one does not count).
    expect(s.alerts).toMatchObject({
      animals: 1,
      alerts: 1,
      sample: [{ visual_tag: 'V6', description: 'Renguera' }],
    })
    // V2 and V4; V5 has none but left.
    expect(s.without_rfid).toBe(2)
    // V2 and V4 never weighed, V3 last weighed 100 days ago.
    expect(s.not_weighed).toBe(3)
    // V3: AI 40 days ago, no check since. V4's AI is 10 days old; V1, V2, V7 were checked after theirs.
    expect(s.pregnancy_check_due).toBe(1)
    const tacto = s.last_sessions.find((row) => row.work === CATTLE_HANDLING_WORK.pregnancyCheck)
    // Tacto: V1 IA, V2 Vacia, V7 IA with a detail; V6 none → 2 of 3.
    expect(tacto).toMatchObject({ name: 'Tacto', events: 4, headline: 66.7 })
    const pesada = s.last_sessions.find((row) => row.work === CATTLE_HANDLING_WORK.weighing)
    // (400 + 300 + 330 + 420 + 410) / 5 = 372
    expect(pesada).toMatchObject({ events: 5, headline: 372 })
    expect(
      s.last_sessions.find((row) => row.work === CATTLE_HANDLING_WORK.artificialInsemination)?.name,
    ).toBe('IATF-2')

    // Each attention card's link lands on exactly its number of animals.
    for (const [filter, expected] of [
      ['no_rfid=1', s.without_rfid],
      ['not_weighed=90', s.not_weighed],
      ['pregnancy_check_due=1', s.pregnancy_check_due],
      ['alerts=1', s.alerts.animals],
      [`category=${categories.vaca}`, 5],
      [`rodeo=${rodeos.sur}`, 3],
    ] as const) {
      const response = await t.request(`/v2/establishments/${eid}/animals?${filter}`, { token: member })
      const list = (await response.json()) as { meta: { total: number } }
      expect([filter, list.meta.total]).toEqual([filter, expected])
    }
  })

  it('computes pregnancy and conception rates with the matching rule', async () => {
    const d = await get<Dashboard>('/insights/dashboard')
    const r = d.reproduction
    expect(r.pregnancy_by_session).toEqual([
      { key: expect.any(String), label: 'Tacto', total: 3, positive: 2, rate: 66.7 },
    ])
    // Norte: V1 IA, V2 Vacia (V6 unknown) → 1/2; Sur: V7 IA → 1/1.
    expect(r.pregnancy_by_rodeo.map((row) => [row.label, row.total, row.positive, row.rate])).toEqual([
      ['Norte', 2, 1, 50],
      ['Sur', 1, 1, 100],
    ])
    expect(r.pregnancy_details.map((row) => [row.description, row.count])).toEqual([
      ['IA', 2],
      expect.anything(),
      expect.anything(),
    ])
    // IATF-0: V7's first service lost its check to the later one → 0 services with a check.
    // IATF-1: V1 +, V2 −, V7 + → 2/3. IATF-2: V3 unchecked, V4 unchecked → 0, rate unknown.
    expect(r.conception_by_session.map((row) => [row.label, row.total, row.positive, row.rate])).toEqual([
      ['IATF-0', 0, 0, null],
      ['IATF-1', 3, 2, 66.7],
      ['IATF-2', 0, 0, null],
    ])
    expect(r.conception_by_bull.map((row) => [row.label, row.total, row.positive])).toEqual([
      ['Toro 1', 3, 2],
      ['Toro 2', 0, 0],
    ])
  })

  it('filters by rodeo and computes GDPV from repeated weighings', async () => {
    const d = await get<Dashboard>(`/insights/dashboard?rodeo=${rodeos.sur}`)
    expect(d.reproduction.pregnancy_by_session.map((row) => [row.total, row.positive])).toEqual([[1, 1]])
    // V3: 300 kg → 330 kg in 100 days = 0.3 kg/día, in the month of the later weighing.
    expect(d.growth.gdpv_by_rodeo).toEqual([{ x: daysAgo(100).slice(0, 7), series: 'Sur', y: 0.3 }])
    // Active Sur animals by age and sex: three cows four years old.
    expect(d.herd.age_pyramid).toEqual(
      [{ age: '3', series: 'Hembra', count: 3 }].map((row) => ({
        ...row,
        age: expect.stringMatching(/^[34]$/),
      })),
    )
    // V5 checked out 30 days ago, but it has no rodeo: nothing leaves Sur.
    expect(d.herd.movements_by_month.reduce((sum, m) => sum + m.check_outs, 0)).toBe(0)
  })

  it('refuses a stranger and an inverted range', async () => {
    expect((await t.request(`/v2/establishments/${eid}/insights/summary`, { token: outsider })).status).toBe(
      403,
    )
    const response = await t.request(
      `/v2/establishments/${eid}/insights/dashboard?from=2025-02-01&to=2025-01-01`,
      {
        token: member,
      },
    )
    expect(response.status).toBe(400)
    expect(((await response.json()) as { error: string }).error).toContain('«desde»')
  })
})
