/**
 * Demo data of the feedlot and RFI boards (issue 22): two feedlot pens fed for 90 and 60 days, with
 * weighings every 30 days, two deaths and daily feed deliveries; and a 100-animal feed-efficiency test
 * (21 days of adaptation, 70 of test) with six weighings and a feeder's daily intake per animal.
 * Deterministic: its own stream of the seeded generator, and the demo's reference day.
 */
import { type Kysely, sql } from 'kysely'
import {
  insertAnimals,
  insertEvents,
  insertFeedlotPens,
  insertIntake,
  insertRodeos,
  insertSession,
} from '../../../tests/factories'
import { type LookupIds, lookupId } from '../lookups.server'
import type { Database } from '../schema'
import { isoDay, localDateTime } from './calendar'
import { DEMO_ESTABLISHMENTS } from './profiles'
import { Random } from './random'

type DB = Kysely<Database>
type Lookup = (table: Parameters<typeof lookupId>[1], value: string) => number

interface Steer {
  tag: string
  rfid: string | null
  start: number
  adg: number
  /** Day of birth (days since the epoch, like the other days here). */
  born: number
}

interface Part {
  eid: number
  reference: number
  userId: number | null
  random: Random
  id: Lookup
}

type WeighingRow = {
  animal_id: string
  cattle_handling_id: number
  weight: number
  read_at: string
  created_by: number | null
}

/** Gains kept within what the demo's checks call plausible (demo.test.ts: at most 1.2 kg/day). */
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value))

/**
 * Writes the boards' data: the feedlot into the third demo establishment (Santa Rosa), the RFI test
 * into the second (El Ombú), 100 animals each, so no establishment passes the demo's 1,600 animals.
 * `reference` is the demo's last day.
 */
export async function writeFeedEfficiency(
  trx: DB,
  input: {
    establishmentIds: readonly number[]
    reference: number
    lookups: LookupIds
    userId: number | null
  },
) {
  const random = new Random('demo/feed-efficiency')
  const id: Lookup = (table, value) => lookupId(input.lookups, table, value)
  const base = { reference: input.reference, userId: input.userId, id }
  const feedlot = await writeFeedlot(trx, {
    ...base,
    eid: input.establishmentIds[2] as number,
    random: random.fork('feedlot'),
  })
  const rfi = await writeRfiTest(trx, {
    ...base,
    eid: input.establishmentIds[1] as number,
    random: random.fork('rfi'),
    tagBlock: DEMO_ESTABLISHMENTS[1]?.tagBlock as number,
  })
  return { animals: feedlot.animals + rfi.animals, intake: rfi.intake }
}

function commonOf(id: Lookup, userId: number | null) {
  return {
    animal_type_id: id('animal_types', 'Nov Engorde'),
    sex_id: id('sexes', 'Macho'),
    breed_id: id('breeds', 'Angus'),
    check_in_type_id: id('check_in_types', 'Compra'),
    created_by: userId,
  }
}

/** One weighing session per day weighed. */
function sessions(trx: DB, eid: number, userId: number | null) {
  const byDay = new Map<number, number>()
  return async (day: number) => {
    let session = byDay.get(day)
    if (session === undefined) {
      session = await insertSession(trx, eid, {
        cattle_handling_work: 7,
        name: `Pesada ${isoDay(day).split('-').reverse().join('/')}`,
        activity_date: localDateTime(day, 8 * 3600),
        created_by: userId,
      })
      byDay.set(day, session)
    }
    return session
  }
}

async function writeFeedlot(trx: DB, { eid, reference: R, userId, random, id }: Part) {
  const [pen1, pen2] = (await insertRodeos(trx, eid, ['Corral 1', 'Corral 2'])) as [number, number]
  await insertFeedlotPens(trx, eid, [
    { rodeoId: pen1, targetWeight: 370 },
    { rodeoId: pen2, targetWeight: 400 },
  ])
  const pens = [
    // Steers of 16–20 months entering at 280/320 kg: every weighing stays within what the demo's
    // checks call a real steer of that age (demo-ranges.test.ts), the dead ones too.
    { rodeo: pen1, prefix: 'FL1-', head: 50, entry: R - 90, weight: 280 },
    { rodeo: pen2, prefix: 'FL2-', head: 50, entry: R - 60, weight: 320 },
  ]
  const common = commonOf(id, userId)
  const sessionOn = sessions(trx, eid, userId)
  const weighings: WeighingRow[] = []
  const deliveries: { rodeo_id: number; delivered_on: string; kg_as_fed: number; dry_matter_pct: number }[] =
    []
  for (const pen of pens) {
    const steers: Steer[] = Array.from({ length: pen.head }, (_, i) => ({
      tag: `${pen.prefix}${String(i + 1).padStart(3, '0')}`,
      rfid: null,
      start: pen.weight + clamp(random.normal(0, 18), -25, 25),
      born: pen.entry - random.int(490, 610),
      adg: clamp(0.95 + random.normal(0, 0.08), 0.7, 1.05),
    }))
    // Two deaths in the first pen, 40 and 70 days in.
    const deathDay = (i: number) => (pen.rodeo === pen1 && i < 2 ? pen.entry + 40 + i * 30 : undefined)
    const written = await insertAnimals(
      trx,
      eid,
      steers.map((s, i) => {
        const died = deathDay(i)
        return {
          id: random.uuid(),
          visual_tag: s.tag,
          rodeo_id: pen.rodeo,
          date_of_birth: localDateTime(s.born),
          check_in_date: localDateTime(pen.entry),
          ...common,
          ...(died === undefined
            ? { current_status_id: id('status_types', 'Activo') }
            : {
                check_out_date: localDateTime(died),
                check_out_type_id: id('check_out_types', 'Muerte'),
                current_status_id: id('status_types', 'Muerto'),
              }),
        }
      }),
    )
    for (const [i, animal] of written.entries()) {
      const s = steers[i] as Steer
      const last = deathDay(i) ?? R
      for (let day = pen.entry; day <= last; day += 30) {
        weighings.push({
          animal_id: animal.id,
          cattle_handling_id: await sessionOn(day),
          weight:
            Math.round((s.start + s.adg * (day - pen.entry) + clamp(random.normal(0, 1), -1.5, 1.5)) * 10) /
            10,
          read_at: localDateTime(day, 8 * 3600),
          created_by: userId,
        })
      }
    }
    // One load a day: about 8 to 9.5 kg of dry matter per head at 70 % DM, growing with the cattle.
    for (let day = pen.entry; day < R; day++) {
      const perHead = (8 + ((day - pen.entry) / 90) * 1.5) / 0.7
      deliveries.push({
        rodeo_id: pen.rodeo,
        delivered_on: isoDay(day),
        kg_as_fed: Math.round(perHead * pen.head * (1 + random.normal(0, 0.03))),
        dry_matter_pct: 70,
      })
    }
  }
  await insertEvents(trx, 'weighings', eid, weighings)
  await trx
    .insertInto('feed_deliveries')
    .values(deliveries.map((d) => ({ ...d, establishment_id: eid, created_by: userId })))
    .execute()
  return { animals: pens.reduce((n, p) => n + p.head, 0) }
}

/** The RFI test: adaptation from R − 91, test days 0–70 = R − 70 … R. */
async function writeRfiTest(
  trx: DB,
  { eid, reference: R, userId, random, id, tagBlock }: Part & { tagBlock: number },
) {
  const [rfiGroup] = (await insertRodeos(trx, eid, ['Prueba RFI 2026'])) as [number]
  // A block of electronic tags no herd animal uses (their serials stay below 10,000,000).
  const rfidPrefix = `032${String(tagBlock).padStart(4, '0')}99`
  const common = commonOf(id, userId)
  const sessionOn = sessions(trx, eid, userId)
  const weighings: WeighingRow[] = []
  const start = R - 91
  const testStart = start + 21
  const group: Steer[] = Array.from({ length: 100 }, (_, i) => ({
    tag: `RFI-${String(i + 1).padStart(3, '0')}`,
    rfid: `${rfidPrefix}${String(i + 1).padStart(6, '0')}`,
    start: 290 + clamp(random.normal(0, 25), -40, 40),
    born: start - random.int(430, 550),
    adg: clamp(0.85 + random.normal(0, 0.09), 0.6, 0.95),
  }))
  const animals = await insertAnimals(
    trx,
    eid,
    group.map((s) => ({
      id: random.uuid(),
      visual_tag: s.tag,
      electronic_tag: s.rfid,
      rodeo_id: rfiGroup,
      date_of_birth: localDateTime(s.born),
      check_in_date: localDateTime(start - 5),
      current_status_id: id('status_types', 'Activo'),
      ...common,
    })),
  )
  const intake: { animal_id: string; intake_on: string; kg_as_fed: number; dry_matter_pct: number }[] = []
  for (const [i, animal] of animals.entries()) {
    const s = group[i] as Steer
    for (let d = 0; d <= 70; d += 14) {
      const day = testStart + d
      weighings.push({
        animal_id: animal.id,
        cattle_handling_id: await sessionOn(day),
        weight:
          Math.round((s.start + s.adg * (day - start) + clamp(random.normal(0, 1), -1.5, 1.5)) * 10) / 10,
        read_at: localDateTime(day, 9 * 3600),
        created_by: userId,
      })
    }
    // Intake follows the animal's size and gain, plus its own efficiency (what RFI finds).
    const midWeight = s.start + s.adg * (testStart + 35 - start)
    const dmi = 1.2 + 0.085 * midWeight ** 0.75 + 2.1 * s.adg + random.normal(0, 0.55)
    for (let day = start; day <= R; day++) {
      intake.push({
        animal_id: animal.id,
        intake_on: isoDay(day),
        kg_as_fed: Math.round(((dmi + random.normal(0, 0.6)) / 0.88) * 1000) / 1000,
        dry_matter_pct: 88,
      })
    }
  }
  await insertEvents(trx, 'weighings', eid, weighings)
  await insertIntake(trx, eid, intake)
  const test = await trx
    .insertInto('rfi_tests')
    .values({
      establishment_id: eid,
      name: 'Prueba de eficiencia 2026',
      rodeo_id: rfiGroup,
      start_date: isoDay(start),
      end_date: isoDay(R),
      adaptation_days: 21,
      created_by: userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await sql`insert into rfi_test_animals (rfi_test_id, animal_id)
    select ${test.id}, a.id from animals a where a.rodeo_id = ${rfiGroup}`.execute(trx)
  return { animals: animals.length, intake: intake.length }
}
