import { sql } from 'kysely'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { testEngines } from '~/db/testing.server'
import { DATABASE_TIME_ZONE } from '~/db/type-parsers'
import { fillRows, xlsxFile } from '~/features/bulk-upload/testing.server'
import type { FeedlotBoard, PenDetail } from '~/features/feedlot/feedlot.schema'
import {
  insertAnimals,
  insertEstablishments,
  insertEvents,
  insertFeedlotPens,
  insertMemberships,
  insertRodeos,
  insertSession,
  insertToken,
  lookups,
} from '../../../tests/factories'
import { createTestApi, type TestApi } from '../testing.server'

const DAY = 86_400_000
const shift = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10)

describe.each(testEngines())('feedlot API on %s', (engine) => {
  let t: TestApi
  let admin: string
  let member: string
  let outsider: string
  let eid: number
  let pen: number
  let today: string

  const board = async (token = member, date?: string, id = eid) =>
    t.request(`/v2/establishments/${id}/feedlot/pens${date ? `?date=${date}` : ''}`, { token })

  beforeAll(async () => {
    t = await createTestApi(engine)
    admin = await insertToken(t.db, t.users.admin)
    member = await insertToken(t.db, t.users.member)
    outsider = await insertToken(t.db, t.users.outsider)
    const { rows } = await sql<{ today: string }>`select current_date::text as today`.execute(t.db)
    today = rows[0]?.today as string
  })
  beforeEach(async () => {
    const [own] = await insertEstablishments(t.db, [{ name: 'Feedlot' }])
    eid = (own as { id: number }).id
    await insertMemberships(t.db, [
      { userId: t.users.admin, establishmentId: eid, isAdmin: true },
      { userId: t.users.member, establishmentId: eid },
    ])
    const [corral, cria] = await insertRodeos(t.db, eid, ['Corral 1', 'Cría'])
    pen = corral as number
    await insertFeedlotPens(t.db, eid, [{ rodeoId: pen, targetWeight: 400 }])
    const id = await lookups(t.db)
    const d = (n: number) => `${shift(today, n)} 00:00:00`
    const [a1, a2, a3, dead, sold] = await insertAnimals(t.db, eid, [
      { visual_tag: 'A1', rodeo_id: pen, check_in_date: d(-60) },
      { visual_tag: 'A2', rodeo_id: pen, check_in_date: d(-400) },
      { visual_tag: 'A3', rodeo_id: pen, check_in_date: d(-5) },
      {
        visual_tag: 'M1',
        rodeo_id: pen,
        check_in_date: d(-50),
        check_out_date: d(-3),
        check_out_type_id: id('check_out_types', 'Muerte'),
      },
      {
        visual_tag: 'V1',
        rodeo_id: pen,
        check_in_date: d(-50),
        check_out_date: d(-2),
        check_out_type_id: id('check_out_types', 'Venta'),
      },
      { visual_tag: 'C1', rodeo_id: cria, check_in_date: d(-50) },
    ])
    // A2 came into the pen by a rodeo move 40 days ago: the entry that move's trigger left (migration 0014).
    await t.db
      .insertInto('animal_rodeo_entries')
      .values({ animal_id: a2?.id as string, rodeo_id: pen, entered_on: shift(today, -40) })
      .execute()
    const session = await insertSession(t.db, eid, { cattle_handling_work: 7 })
    const w = (animal: { id: string } | undefined, days: number, weight: number) => ({
      animal_id: animal?.id as string,
      cattle_handling_id: session,
      weight,
      read_at: d(days),
    })
    await insertEvents(t.db, 'weighings', eid, [
      w(a1, -60, 300),
      w(a1, -30, 330),
      w(a1, -10, 350),
      w(a2, -100, 200),
      w(a2, -40, 280),
      w(a2, -10, 340),
      w(a3, -5, 250),
      w(dead, -50, 300),
      w(sold, -50, 300),
    ])
    await t.db
      .insertInto('feed_deliveries')
      .values(
        [
          [-1, 30],
          [-2, 30],
          [-3, 15],
          [-3, 15],
        ].map(([days, kg]) => ({
          establishment_id: eid,
          rodeo_id: pen,
          delivered_on: shift(today, days as number),
          kg_as_fed: kg as number,
          dry_matter_pct: 50,
        })),
      )
      .execute()
  })
  afterAll(() => t.close())

  it('gives a hand-worked pen its figures', async () => {
    const response = await board(member, shift(today, 20))
    expect(response.status).toBe(200)
    const { pens } = (await response.json()) as FeedlotBoard
    expect(pens).toHaveLength(1)
    // By hand: A1 entered at check-in (−60) at 300 kg, last 350 at −10 → ADG 50/50 = 1.0;
    // A2 entered by the move (−40) at 280 (its 200 of −100 is before entry), last 340 → 60/30 = 2.0;
    // A3 entered at −5, one weighing → no ADG. Dead M1 and sold V1 are not on feed.
    expect(pens[0]).toEqual({
      rodeo_id: pen,
      name: 'Corral 1',
      target_weight: 400,
      head: 3,
      days_on_feed: 35, // (60 + 40 + 5) / 3
      entry_weight: 276.7, // (300 + 280 + 250) / 3
      current_weight: 313.3, // (350 + 340 + 250) / 3
      adg: 1.5, // (1 + 2) / 2
      // The mean line of A1 and A2: 345 kg at −10, +1.5 kg/day → 400 after ceil(55 / 1.5) = 37 days.
      projected_target_date: shift(today, 27),
      projected_weight: 390, // (350 + 1·30 + 340 + 2·30) / 2
      ready: 1, // A2 reaches 400 at +20
      deaths: 1,
      removals: 1,
      // 15 kg DM a day over the head in the pen that day: on −3 A1, A2, A3 and V1 (M1 died that day),
      // on −2 and −1 A1, A2, A3 (V1 sold on −2): (15/4 + 15/3 + 15/3) / 3 = 4.5833. Today's head (3)
      // for every day would give 5: the death and the sale mid-period change the answer.
      dmi: 4.58,
      feed_conversion: 3.06, // 4.5833 / 1.5
    })
  })

  it('drills into the pen: each animal with its entry, projection and weighings since entry', async () => {
    const response = await t.request(
      `/v2/establishments/${eid}/feedlot/pens/${pen}?date=${shift(today, 20)}`,
      {
        token: member,
      },
    )
    expect(response.status).toBe(200)
    const { animals } = (await response.json()) as PenDetail
    expect(
      animals.map((a) => [
        a.visual_tag,
        a.entry_date,
        a.days_on_feed,
        a.entry_weight,
        a.adg,
        a.projected_weight,
        a.projected_target_date,
        a.ready,
      ]),
    ).toEqual([
      ['A2', shift(today, -40), 40, 280, 2, 400, shift(today, 20), true],
      ['A1', shift(today, -60), 60, 300, 1, 380, shift(today, 40), false],
      ['A3', shift(today, -5), 5, 250, null, null, null, false],
    ])
    expect(animals[0]?.weighings.map((w) => w.weight)).toEqual([280, 340])
  })

  it('dates an entry from a rodeo move through the API, in and out and back again', async () => {
    const idOf = async (tag: string) =>
      (
        await t.db
          .selectFrom('animals')
          .select('id')
          .where('establishment_id', '=', eid)
          .where('visual_tag', '=', tag)
          .executeTakeFirstOrThrow()
      ).id
    const [a2, c1] = [await idOf('A2'), await idOf('C1')]
    const cria = (
      await t.db
        .selectFrom('rodeos')
        .select('id')
        .where('establishment_id', '=', eid)
        .where('description', '=', 'Cría')
        .executeTakeFirstOrThrow()
    ).id
    const move = (rodeo: number, ids: string[]) =>
      t.request(`/v2/animals/assign-to-rodeo/${rodeo}`, {
        method: 'POST',
        token: member,
        json: { animal_ids: ids },
      })
    // The day a move is dated, as the board reads days: the establishments' time zone.
    const { rows } = await sql<{ day: string }>`
      select (now() at time zone ${DATABASE_TIME_ZONE})::date::text as day`.execute(t.db)
    const moveDay = rows[0]?.day as string
    // A2 (in the pen since −40) leaves for Cría and comes back; C1 (checked in at −50 in Cría) comes in.
    expect((await move(cria, [a2])).status).toBe(200)
    expect((await move(pen, [a2, c1])).status).toBe(200)
    // Moving an animal to the rodeo it is in is no entry: A1 keeps its check-in day.
    const a1 = await idOf('A1')
    expect((await move(pen, [a1])).status).toBe(200)
    const response = await t.request(`/v2/establishments/${eid}/feedlot/pens/${pen}`, { token: member })
    expect(response.status).toBe(200)
    const { pen: summary, animals } = (await response.json()) as PenDetail
    const entries = Object.fromEntries(animals.map((a) => [a.visual_tag, [a.entry_date, a.entry_weight]]))
    expect(entries).toEqual({
      A1: [shift(today, -60), 300],
      // Back in today: its weighings are all before this entry.
      A2: [moveDay, null],
      C1: [moveDay, null],
      A3: [shift(today, -5), 250],
    })
    expect(summary.head).toBe(4)
  })

  it('follows weighings added, edited and deleted after an entry by a move', async () => {
    const detail = async () => {
      const response = await t.request(`/v2/establishments/${eid}/feedlot/pens/${pen}`, { token: member })
      const { animals } = (await response.json()) as PenDetail
      const a2 = animals.find((a) => a.visual_tag === 'A2')
      return [a2?.entry_weight, a2?.adg]
    }
    const a2 = await t.db
      .selectFrom('animals')
      .select('id')
      .where('establishment_id', '=', eid)
      .where('visual_tag', '=', 'A2')
      .executeTakeFirstOrThrow()
    const entryRead = `${shift(today, -40)} 00:00:00`
    // A2 entered by a move at −40: 280 kg then, 340 at −10 (the hand-worked pen).
    expect(await detail()).toEqual([280, 2])
    // The entry weighing corrected to 295: ADG (340 − 295) / 30 = 1.5.
    await t.db
      .updateTable('weighings')
      .set({ weight: 295 })
      .where('animal_id', '=', a2.id)
      .where('read_at', '=', entryRead)
      .execute()
    expect(await detail()).toEqual([295, 1.5])
    // Deleted: the first weighing since entry is −10's, the only one, so no ADG.
    await t.db
      .deleteFrom('weighings')
      .where('animal_id', '=', a2.id)
      .where('read_at', '=', entryRead)
      .execute()
    expect(await detail()).toEqual([340, null])
    // A weighing added at −20 (310 kg) becomes the entry: (340 − 310) / 10 = 3.
    const session = await insertSession(t.db, eid, { cattle_handling_work: 7 })
    await insertEvents(t.db, 'weighings', eid, [
      {
        animal_id: a2.id,
        cattle_handling_id: session,
        weight: 310,
        read_at: `${shift(today, -20)} 00:00:00`,
      },
    ])
    expect(await detail()).toEqual([310, 3])
  })

  it('imports feed deliveries all or nothing, naming the bad rows', async () => {
    const file = (rows: (string | number)[][]) => {
      const form = new FormData()
      form.set('file', xlsxFile(fillRows(['Corral', 'Fecha', 'Kg tal cual', '% MS'], rows)))
      return t.request(`/v2/establishments/${eid}/feedlot/deliveries`, {
        method: 'POST',
        token: admin,
        body: form,
      })
    }
    const date = shift(today, -1).split('-').reverse().join('/')
    const bad = await file([
      ['Corral 1', date, 100, 45],
      ['Cría', date, 100, 45],
      ['Corral 1', 'ayer', 100, 45],
      ['Corral 1', date, 'mucho', 145],
    ])
    expect(bad.status).toBe(400)
    const body = (await bad.json()) as { rows: { row: number; column: string }[] }
    expect(body.rows.map((r) => [r.row, r.column])).toEqual([
      [3, 'Corral'],
      [4, 'Fecha'],
      [5, 'Kg tal cual'],
      [5, '% MS'],
    ])
    const count = async () =>
      (
        await t.db
          .selectFrom('feed_deliveries')
          .select((e) => e.fn.countAll<number>().as('n'))
          .where('rodeo_id', '=', pen)
          .executeTakeFirstOrThrow()
      ).n
    expect(Number(await count())).toBe(4)
    const good = await file([['corral 1', date, '1.234,5', '45,5']])
    expect(good.status).toBe(201)
    expect(Number(await count())).toBe(5)
    // A plain member may not import.
    const form = new FormData()
    form.set(
      'file',
      xlsxFile(fillRows(['Corral', 'Fecha', 'Kg tal cual', '% MS'], [['Corral 1', date, 1, 50]])),
    )
    expect(
      (
        await t.request(`/v2/establishments/${eid}/feedlot/deliveries`, {
          method: 'POST',
          token: member,
          body: form,
        })
      ).status,
    ).toBe(403)
  })

  it('marks a rodeo as a pen (admins only) and keeps pens of one establishment from another', async () => {
    const [other] = await insertRodeos(t.db, eid, ['Corral 2'])
    const put = (token: string, id = eid) =>
      t.request(`/v2/establishments/${id}/feedlot/pens/${other}`, {
        method: 'PUT',
        token,
        json: { target_weight: 380 },
      })
    expect((await put(member)).status).toBe(403)
    expect((await put(admin)).status).toBe(200)
    expect(((await (await board()).json()) as FeedlotBoard).pens.map((p) => p.name)).toEqual([
      'Corral 1',
      'Corral 2',
    ])
    // B's member cannot read A's pens; B's own board lists none of them.
    expect((await board(outsider)).status).toBe(403)
    const foreign = await board(outsider, undefined, t.establishments.b.id)
    expect(((await foreign.json()) as FeedlotBoard).pens).toEqual([])
    const root = await insertToken(t.db, t.users.root)
    expect(
      (await t.request(`/v2/establishments/${t.establishments.b.id}/feedlot/pens/${pen}`, { token: root }))
        .status,
    ).toBe(404)
  })
})
