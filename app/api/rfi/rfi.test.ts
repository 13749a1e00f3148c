import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testEngines } from '~/db/testing.server'
import { fillRows, xlsxFile } from '~/features/bulk-upload/testing.server'
import type { AnimalRfi, RfiResultAnswer, RfiTest } from '~/features/rfi/rfi.schema'
import {
  insertAnimals,
  insertEvents,
  insertIntake,
  insertRodeos,
  insertSession,
  insertToken,
} from '../../../tests/factories'
import { createTestApi, type TestApi } from '../testing.server'

const DAY = 86_400_000
const shift = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10)

/** The data set of rfi-method.test.ts (figures by NumPy 2.4.6, docs/rfi-reference.py), stored as records. */
const GROUP: { tag: string; days: number[]; weights: number[]; dmi: number | null }[] = [
  { tag: 'A01', days: [0, 21, 49, 70], weights: [304.1, 329.1, 367.0, 377.1], dmi: 11.406 },
  {
    tag: 'A02',
    days: [0, 14, 28, 42, 56, 70],
    weights: [344.2, 362.1, 378.2, 395.2, 403.3, 419.3],
    dmi: 11.188,
  },
  {
    tag: 'A03',
    days: [0, 14, 28, 42, 56, 70],
    weights: [309.1, 326.0, 342.0, 349.7, 372.0, 382.1],
    dmi: 10.67,
  },
  { tag: 'A04', days: [0, 21, 49, 70], weights: [313.7, 342.6, 386.5, 430.9], dmi: 9.65 },
  {
    tag: 'A05',
    days: [0, 14, 28, 42, 56, 70],
    weights: [279.5, 314.7, 328.9, 345.9, 368.6, 393.5],
    dmi: 10.635,
  },
  {
    tag: 'A06',
    days: [0, 14, 28, 42, 56, 70],
    weights: [287.2, 311.3, 335.8, 355.6, 382.3, 406.3],
    dmi: 10.741,
  },
  { tag: 'A07', days: [0, 21, 49, 70], weights: [338.1, 374.3, 410.5, 451.0], dmi: 9.667 },
  {
    tag: 'A08',
    days: [0, 14, 28, 42, 56, 70],
    weights: [334.8, 343.5, 365.1, 387.7, 403.6, 421.3],
    dmi: 10.638,
  },
  {
    tag: 'A09',
    days: [0, 14, 28, 42, 56, 70],
    weights: [346.2, 367.8, 378.6, 399.4, 411.7, 427.9],
    dmi: 10.766,
  },
  { tag: 'A10', days: [0, 21, 49, 70], weights: [342.9, 370.2, 421.5, 453.7], dmi: 9.192 },
  {
    tag: 'A11',
    days: [0, 14, 28, 42, 56, 70],
    weights: [345.5, 353.9, 391.3, 406.1, 418.7, 451.0],
    dmi: 8.447,
  },
  {
    tag: 'A12',
    days: [0, 14, 28, 42, 56, 70],
    weights: [308.6, 319.2, 333.6, 347.3, 365.8, 369.9],
    dmi: 11.399,
  },
  { tag: 'A13', days: [0, 70], weights: [283.4, 358.3], dmi: 9.539 },
  {
    tag: 'A14',
    days: [0, 14, 28, 42, 56, 70],
    weights: [362.8, 382.3, 399.8, 422.3, 434.5, 456.3],
    dmi: null,
  },
]
const NUMPY = {
  intercept: 22.511220451140048,
  mmw: -0.11537927951505564,
  adg: -1.822522238955282,
  rfiA11: -1.112502961913247,
}

describe.each(testEngines())('RFI API on %s', (engine) => {
  let t: TestApi
  let admin: string
  let outsider: string
  let eid: number
  let group: number
  let today: string
  let start: string
  let ids: Map<string, string>

  beforeAll(async () => {
    t = await createTestApi(engine)
    admin = await insertToken(t.db, t.users.admin)
    outsider = await insertToken(t.db, t.users.outsider)
    eid = t.establishments.a.id
    const { rows } = await sql<{ today: string }>`select current_date::text as today`.execute(t.db)
    today = rows[0]?.today as string
    ;[group] = (await insertRodeos(t.db, eid, ['Prueba RFI'])) as [number]
    const animals = await insertAnimals(
      t.db,
      eid,
      GROUP.map((a, i) => ({
        visual_tag: a.tag,
        rodeo_id: group,
        electronic_tag: `0320000000001${String(i).padStart(2, '0')}`,
      })),
    )
    ids = new Map(animals.map((a) => [a.visual_tag, a.id]))
    // Adaptation from start (21 days), test days 0–70 from start + 21.
    start = shift(today, -120)
    const testStart = shift(start, 21)
    const session = await insertSession(t.db, eid, { cattle_handling_work: 7 })
    await insertEvents(
      t.db,
      'weighings',
      eid,
      GROUP.flatMap((a) =>
        a.days.map((day, i) => ({
          animal_id: ids.get(a.tag) as string,
          cattle_handling_id: session,
          weight: a.weights[i] as number,
          read_at: `${shift(testStart, day)} 08:00:00`,
        })),
      ),
    )
    // Every test day eats the animal's DMI (as fed at 100 % DM); days in adaptation eat more and must not count.
    await insertIntake(
      t.db,
      eid,
      GROUP.flatMap((a) =>
        a.dmi === null
          ? []
          : Array.from({ length: 92 }, (_, day) => ({
              animal_id: ids.get(a.tag) as string,
              intake_on: shift(start, day),
              kg_as_fed: day < 21 ? 20 : (a.dmi as number),
              dry_matter_pct: 100,
            })),
      ),
    )
  })
  afterAll(() => t.close())

  const createTest = (json: unknown, token = admin) =>
    t.request(`/v2/establishments/${eid}/rfi/tests`, { method: 'POST', token, json })

  it("runs a test over stored records and gives NumPy's coefficients and residuals", async () => {
    const created = await createTest({
      name: 'Prueba 1',
      rodeo_id: group,
      start_date: start,
      end_date: shift(start, 91),
      adaptation_days: 21,
    })
    expect(created.status).toBe(201)
    const test = ((await created.json()) as { data: RfiTest }).data
    expect(test.animals).toBe(14)
    expect(test.warnings).toEqual([])
    const response = await t.request(`/v2/establishments/${eid}/rfi/tests/${test.id}`, { token: admin })
    expect(response.status).toBe(200)
    const result = (await response.json()) as RfiResultAnswer
    expect(result.test_days).toBe(71)
    expect(result.complete).toBe(12)
    expect(result.coefficients?.intercept).toBeCloseTo(NUMPY.intercept, 6)
    expect(result.coefficients?.mmw).toBeCloseTo(NUMPY.mmw, 6)
    expect(result.coefficients?.adg).toBeCloseTo(NUMPY.adg, 6)
    expect(result.animals[0]?.visual_tag).toBe('A11')
    expect(result.animals[0]?.rfi).toBeCloseTo(NUMPY.rfiA11, 6)
    expect(result.animals[0]?.intake_days).toBe(71)

    // The animal's page shows its RFI in its latest test.
    const own = await t.request(`/v2/animals/${ids.get('A11')}/rfi`, { token: admin })
    const { data } = (await own.json()) as { data: AnimalRfi }
    expect(data?.animal.rank).toBe(1)
    expect(data?.animal.rfi_class).toBe('eficiente')
    // Someone of another establishment learns nothing about it.
    expect((await t.request(`/v2/animals/${ids.get('A11')}/rfi`, { token: outsider })).status).toBe(404)
  })

  it('warns, without refusing, when the test is shorter than the guideline', async () => {
    const created = await createTest({
      name: 'Corta',
      rodeo_id: group,
      start_date: start,
      end_date: shift(start, 60),
      adaptation_days: 14,
    })
    expect(created.status).toBe(201)
    expect(((await created.json()) as { data: RfiTest }).data.warnings).toHaveLength(2)
  })

  it("imports a feeder's spreadsheet all or nothing and keeps intake and tests of A away from B", async () => {
    const date = shift(today, -1).split('-').reverse().join('/')
    const upload = (rows: (string | number)[][], token = admin, id = eid) => {
      const form = new FormData()
      form.set('file', xlsxFile(fillRows(['RFID', 'Fecha', 'Consumo kg', 'MS %', 'Comedero'], rows)))
      return t.request(`/v2/establishments/${id}/rfi/intake`, { method: 'POST', token, body: form })
    }
    const bad = await upload([
      ['032000000000100', date, 9.5, 88, 'C1'],
      ['999', date, 9.5, 88, 'C1'],
      ['032000000000100', date, 9.1, 88, 'C1'],
    ])
    expect(bad.status).toBe(400)
    expect(((await bad.json()) as { rows: { row: number }[] }).rows.map((r) => r.row)).toEqual([3, 4])
    const good = await upload([
      ['032000000000100', date, '9,5', 88, 'C1'],
      ['A02', date, 10.25, 88, 'C2'],
    ])
    expect(good.status).toBe(201)
    const stored = await t.db
      .selectFrom('intake_records')
      .select(['kg_as_fed', 'dry_matter_pct'])
      .where('intake_on', '=', shift(today, -1))
      .where('animal_id', '=', ids.get('A01') as string)
      .executeTakeFirstOrThrow()
    expect(stored).toEqual({ kg_as_fed: 9.5, dry_matter_pct: 88 })

    // B's people: A's tags are unknown animals to them, A's tests are not theirs.
    const root = await insertToken(t.db, t.users.root)
    const foreign = await upload([['032000000000100', date, 9.5, 88, 'C1']], root, t.establishments.b.id)
    expect(foreign.status).toBe(400)
    expect((await t.request(`/v2/establishments/${eid}/rfi/tests`, { token: outsider })).status).toBe(403)
    const theirs = await t.request(`/v2/establishments/${t.establishments.b.id}/rfi/tests`, {
      token: outsider,
    })
    expect(((await theirs.json()) as { data: RfiTest[] }).data).toEqual([])
    const [test] = (
      (await (await t.request(`/v2/establishments/${eid}/rfi/tests`, { token: admin })).json()) as {
        data: RfiTest[]
      }
    ).data
    expect(
      (await t.request(`/v2/establishments/${t.establishments.b.id}/rfi/tests/${test?.id}`, { token: root }))
        .status,
    ).toBe(404)
  })
})
