import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CATTLE_HANDLING_WORK } from '~/db/schema'
import { testEngines } from '~/db/testing.server'
import type { Dashboard } from '~/features/insights/insights.schema'
import {
  insertAnimals,
  insertEstablishments,
  insertEvents,
  insertMemberships,
  insertSession,
  insertToken,
  lookups,
} from '../../../tests/factories'
import { createTestApi, type TestApi } from '../testing.server'

/** 'YYYY-MM-DD 10:00:00' of `n` days before today (UTC, as the test databases run). */
const daysAgo = (n: number) => `${new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10)} 10:00:00`

/** The period of every request below: mid-January to early April 2026, both days included. */
const PERIOD = 'from=2026-01-15&to=2026-04-10'

/**
 * Tablero's four herd charts (weight distribution, stock by month, check-ins and check-outs, age
 * pyramid: docs/kpis.md) worked out by hand on ten animals, over a period that starts and ends
 * inside a month (the charts share one pass over the animals, decision 048):
 *   A1 Vaca  Hembra  5 years   in 2025-06-10              weighed 2026-02-20 465.5 kg
 *   A2 Vaca  Hembra  born 2021-03-01, no check-in, out 2026-03-05   weighed 2026-02-01 380 kg
 *   A3 Vaq   Hembra  1 year    in 2026-02-10              weighed 2026-04-11 (after the period)
 *   A4 —     Macho   no birth  in 2026-01-20              weighed 2026-01-15 00:00 449.99 kg
 *   A5 Vaca  Macho             in 2024-01-01, out 2026-01-10 (before the period)
 *   A6 Vaq   Hembra            in 2026-04-05, out 2026-04-08 (in and out in one month)
 *   A7 Vaca  Hembra  11 years  in 2026-05-01 (after the period)
 *   A8 Vaca  Hembra  deleted   in 2025-01-01
 *   A9 Vaca  Hembra            in 2025-12-31, out 2026-02-28
 *   A10 Vaq  Hembra  0 years   in 2026-06-01              weighed 2026-04-10 23:00 500 kg
 */
describe.each(testEngines())('Tablero herd charts on %s', (engine) => {
  let t: TestApi
  let member: string
  let eid: number
  let vaq: number

  const dashboard = async (query: string) => {
    const response = await t.request(`/v2/establishments/${eid}/insights/dashboard?${query}`, {
      token: member,
    })
    expect(response.status, await response.clone().text()).toBe(200)
    return ((await response.json()) as { data: Dashboard }).data
  }

  beforeAll(async () => {
    t = await createTestApi(engine)
    const [own] = await insertEstablishments(t.db, [{ name: 'Rodeo de prueba' }])
    eid = (own as { id: number }).id
    await insertMemberships(t.db, [{ userId: t.users.member, establishmentId: eid }])
    member = await insertToken(t.db, t.users.member)
    const id = await lookups(t.db)
    const vaca = id('animal_types', 'Vaca')
    vaq = id('animal_types', 'Vaq 1 serv')
    const hembra = id('sexes', 'Hembra')
    const macho = id('sexes', 'Macho')
    const animal = (visual_tag: string, animal_type_id: number | null, extra: object) => ({
      visual_tag,
      animal_type_id,
      sex_id: hembra,
      date_of_birth: null,
      check_in_date: null,
      ...extra,
    })
    const rows = await insertAnimals(t.db, eid, [
      animal('A1', vaca, { date_of_birth: daysAgo(5 * 365 + 180), check_in_date: '2025-06-10 00:00:00' }),
      animal('A2', vaca, { date_of_birth: '2021-03-01 00:00:00', check_out_date: '2026-03-05 00:00:00' }),
      animal('A3', vaq, { date_of_birth: daysAgo(440), check_in_date: '2026-02-10 00:00:00' }),
      animal('A4', null, { sex_id: macho, check_in_date: '2026-01-20 00:00:00' }),
      animal('A5', vaca, {
        sex_id: macho,
        date_of_birth: '2016-01-01 00:00:00',
        check_in_date: '2024-01-01 00:00:00',
        check_out_date: '2026-01-10 00:00:00',
      }),
      animal('A6', vaq, {
        date_of_birth: '2024-06-01 00:00:00',
        check_in_date: '2026-04-05 00:00:00',
        check_out_date: '2026-04-08 00:00:00',
      }),
      animal('A7', vaca, { date_of_birth: daysAgo(11 * 365 + 10), check_in_date: '2026-05-01 00:00:00' }),
      animal('A8', vaca, {
        date_of_birth: daysAgo(3 * 365),
        check_in_date: '2025-01-01 00:00:00',
        deleted_at: '2026-01-02 00:00:00',
      }),
      animal('A9', vaca, {
        date_of_birth: '2022-07-01 00:00:00',
        check_in_date: '2025-12-31 00:00:00',
        check_out_date: '2026-02-28 00:00:00',
      }),
      animal('A10', vaq, { date_of_birth: daysAgo(200), check_in_date: '2026-06-01 00:00:00' }),
    ])
    const ids = Object.fromEntries(rows.map((row) => [row.visual_tag, row.id]))
    const session = await insertSession(t.db, eid, {
      name: 'Pesada',
      cattle_handling_work: CATTLE_HANDLING_WORK.weighing,
      activity_date: '2026-01-15 00:00:00',
    })
    const weighing = (tag: string, read_at: string, weight: number) => ({
      animal_id: ids[tag] as string,
      cattle_handling_id: session,
      read_at,
      weight,
    })
    await insertEvents(t.db, 'weighings', eid, [
      weighing('A1', '2026-02-20 10:00:00', 465.5),
      weighing('A2', '2026-02-01 10:00:00', 380),
      weighing('A3', '2026-04-11 08:00:00', 250),
      weighing('A4', '2026-01-15 00:00:00', 449.99),
      weighing('A10', '2026-04-10 23:00:00', 500),
    ])
  })
  afterAll(() => t.close())

  it('counts the whole herd month by month', async () => {
    const { herd, growth } = await dashboard(PERIOD)
    // Active animals last weighed within the period, in 50 kg bins: A4 449.99 → 400, A1 465.5 → 450,
    // A10 500 → 500 (A2 left, A3 was weighed the day after the period).
    expect(growth.weight_distribution).toEqual([
      { x: '400', series: 'Sin categoría', y: 1 },
      { x: '450', series: 'Vaca', y: 1 },
      { x: '500', series: 'Vaq 1 serv', y: 1 },
    ])
    // At each month's end: Vaca A1 (all), A2 (until its March check-out, so Jan–Feb), A9 (January);
    // Vaq A3 from February; A4 from January. A5 left before February, A6 came and went in April, A7
    // came after the period, A8 is deleted. A month without a head in a category has no point.
    const month = (x: string, counts: [string, number][]) =>
      counts.map(([series, y]) => ({ x: `2026-${x}`, series, y }))
    expect(herd.stock_by_month).toEqual([
      ...month('01', [
        ['Vaca', 3],
        ['Sin categoría', 1],
      ]),
      ...month('02', [
        ['Vaca', 2],
        ['Vaq 1 serv', 1],
        ['Sin categoría', 1],
      ]),
      ...month('03', [
        ['Vaca', 1],
        ['Vaq 1 serv', 1],
        ['Sin categoría', 1],
      ]),
      ...month('04', [
        ['Vaca', 1],
        ['Vaq 1 serv', 1],
        ['Sin categoría', 1],
      ]),
    ])
    // In: A4 (Jan 20), A3 (Feb 10), A6 (Apr 5); out: A9 (Feb 28), A2 (Mar 5), A6 (Apr 8). A5's
    // check-out (Jan 10) and A9's check-in (Dec 31) fall outside the period's days.
    expect(herd.movements_by_month).toEqual([
      { x: '2026-01', check_ins: 1, check_outs: 0 },
      { x: '2026-02', check_ins: 1, check_outs: 1 },
      { x: '2026-03', check_ins: 0, check_outs: 1 },
      { x: '2026-04', check_ins: 1, check_outs: 1 },
    ])
    // Active animals today: A10 (0), A3 (1), A1 (5), A7 (10+), A4 without a birth date.
    expect(herd.age_pyramid).toEqual([
      { age: '0', series: 'Hembra', count: 1 },
      { age: '1', series: 'Hembra', count: 1 },
      { age: '5', series: 'Hembra', count: 1 },
      { age: '10+', series: 'Hembra', count: 1 },
      { age: 'Sin fecha', series: 'Macho', count: 1 },
    ])
  })

  it('keeps only the filtered category in every herd chart', async () => {
    const { herd, growth } = await dashboard(`${PERIOD}&category=${vaq}`)
    expect(growth.weight_distribution).toEqual([{ x: '500', series: 'Vaq 1 serv', y: 1 }])
    expect(herd.stock_by_month).toEqual(
      ['02', '03', '04'].map((x) => ({ x: `2026-${x}`, series: 'Vaq 1 serv', y: 1 })),
    )
    expect(herd.movements_by_month).toEqual([
      { x: '2026-02', check_ins: 1, check_outs: 0 },
      { x: '2026-04', check_ins: 1, check_outs: 1 },
    ])
    expect(herd.age_pyramid).toEqual([
      { age: '0', series: 'Hembra', count: 1 },
      { age: '1', series: 'Hembra', count: 1 },
    ])
  })
})
