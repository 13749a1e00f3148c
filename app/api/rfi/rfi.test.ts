import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testEngines } from '~/db/testing.server'
import { fillRows, xlsxFile } from '~/features/bulk-upload/testing.server'
import type { AnimalRfi, RfiResultAnswer, RfiTest } from '~/features/rfi/rfi.schema'
import { NUMPY, REFERENCE_GROUP } from '~/features/rfi/testing.server'
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

// The method test's reference group (features/rfi/testing.server.ts), stored as records.
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
      REFERENCE_GROUP.map((a, i) => ({
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
      REFERENCE_GROUP.flatMap((a) =>
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
      REFERENCE_GROUP.flatMap((a) =>
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
    expect(result.coefficients?.intercept).toBeCloseTo(NUMPY.coefficients[0] as number, 6)
    expect(result.coefficients?.mmw).toBeCloseTo(NUMPY.coefficients[1] as number, 6)
    expect(result.coefficients?.adg).toBeCloseTo(NUMPY.coefficients[2] as number, 6)
    expect(result.animals[0]?.visual_tag).toBe('A11')
    expect(result.animals[0]?.rfi).toBeCloseTo(NUMPY.rfi.A11, 6)
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
