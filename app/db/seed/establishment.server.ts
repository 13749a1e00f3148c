import type { Insertable, Kysely } from 'kysely'
import { insertBulls, insertEstablishments, insertRodeos } from '../../../tests/factories'
import { type LookupIds, lookupId } from '../lookups.server'
import type { Database } from '../schema'
import { instant, localDateTime } from './calendar'
import type { HerdPlan, PlannedAnimal } from './herd'
import { NATURAL_SERVICE_BULL } from './profiles'

type Tx = Kysely<Database>

/** PostgreSQL's wire protocol numbers bind parameters with 16 bits; PGlite has the same limit. */
const MAX_PARAMETERS = 65_535

/** Multi-row inserts, as many rows per statement as the parameter limit allows. */
export async function insertChunked<T extends keyof Database & string>(
  db: Tx,
  table: T,
  rows: readonly Insertable<Database[T]>[],
) {
  const first = rows[0]
  if (!first) return
  const perRow = Object.keys(first).length
  const size = Math.max(1, Math.floor(MAX_PARAMETERS / perRow))
  for (let i = 0; i < rows.length; i += size) {
    await db
      .insertInto(table)
      .values(rows.slice(i, i + size) as never)
      .execute()
  }
}

export interface WriteOptions {
  /** Author of sessions and alerts, and reader of the read alerts. */
  userId?: number | null
}

export interface WriteResult {
  establishmentId: number
  animals: number
  events: number
}

/** Writes one planned establishment. Run inside a transaction: it is written whole or not at all. */
export async function writeHerd(
  trx: Tx,
  plan: HerdPlan,
  lookups: LookupIds,
  options: WriteOptions = {},
): Promise<WriteResult> {
  const { profile } = plan
  const userId = options.userId ?? null
  const [establishment] = await insertEstablishments(trx, [{ name: profile.name }])
  if (!establishment) throw new Error(`No se escribió el establecimiento ${profile.name}`)
  const eid = establishment.id

  const rodeoIds = await insertRodeos(trx, eid, profile.rodeos)
  const rodeoId = new Map(profile.rodeos.map((description, i) => [description, rodeoIds[i] as number]))
  const bullRows = [
    ...profile.sires.map((s) => ({ alias: s.alias, breed_id: lookupId(lookups, 'breeds', s.breed) })),
    { alias: NATURAL_SERVICE_BULL, breed_id: null },
  ]
  const bullIds = await insertBulls(trx, eid, bullRows)
  const bullId = new Map(bullRows.map((b, i) => [b.alias, bullIds[i] as number]))
  const inseminators = await trx
    .insertInto('inseminators')
    .values(
      profile.inseminators.map(([first, last]) => ({
        establishment_id: eid,
        first_name: first,
        last_name: last,
      })),
    )
    .returning('id')
    .execute()
  await trx
    .insertInto('riders')
    .values(profile.riders.map(([key, description]) => ({ establishment_id: eid, key, description })))
    .execute()
  await trx
    .insertInto('origins')
    .values(profile.origins.map((description) => ({ establishment_id: eid, description })))
    .execute()
  const owners = await trx
    .insertInto('owners')
    .values(profile.owners.map((name) => ({ establishment_id: eid, name })))
    .returning(['id', 'name'])
    .execute()
  const ownerId = new Map(owners.map((o) => [o.name, o.id]))
  await trx
    .insertInto('boards')
    .values(
      profile.boards.map((b) => ({
        establishment_id: eid,
        title: b.title,
        is_default: b.isDefault,
        dashboard_type_id: b.type,
      })),
    )
    .execute()

  const id = (map: Map<string, number>, key: string) => {
    const value = map.get(key)
    if (value === undefined) throw new Error(`Referencia desconocida en el plan: ${key}`)
    return value
  }
  const day = (d: number | null) => (d === null ? null : localDateTime(d))
  const statusId = new Map(
    ['Activo', 'Vendido', 'Muerto', 'Trasladado', 'Faenado', 'Extraviado'].map((s) => [
      s,
      lookupId(lookups, 'status_types', s),
    ]),
  )

  // Animals in order of birth, so every mother is written before her calves.
  const animalRow = (a: PlannedAnimal): Insertable<Database['animals']> => ({
    id: a.id,
    establishment_id: eid,
    visual_tag: a.visualTag,
    electronic_tag: a.electronicTag,
    cuig: a.cuig,
    senasa: a.senasa,
    rodeo_id: id(rodeoId, a.rodeo),
    animal_type_id: lookupId(lookups, 'animal_types', a.type),
    breed_id: lookupId(lookups, 'breeds', a.breed),
    color_id: lookupId(lookups, 'colors', a.color),
    sex_id: lookupId(lookups, 'sexes', a.sex),
    birth_type_id: a.birthType ? lookupId(lookups, 'birth_types', a.birthType) : null,
    check_in_type_id: lookupId(lookups, 'check_in_types', a.checkInType),
    check_in_date: localDateTime(a.checkInDay),
    check_out_type_id: a.checkOutType ? lookupId(lookups, 'check_out_types', a.checkOutType) : null,
    check_out_date: day(a.checkOutDay),
    origin: a.origin,
    owner_id: id(ownerId, a.owner),
    current_status_id: id(statusId, a.status),
    date_of_birth: localDateTime(a.dob),
    weight_at_birth: a.weightAtBirth,
    father_id: a.father ? id(bullId, a.father) : null,
    mother_id: a.motherId,
    service_bull_id: a.serviceBull ? id(bullId, a.serviceBull) : null,
    service_date: day(a.serviceDay),
    created_by: userId,
    // The list's "newest first" order is the order the animals arrived in.
    created_at: instant(a.checkInDay),
    updated_at: instant(a.checkOutDay ?? a.checkInDay),
  })
  await insertChunked(trx, 'animals', plan.animals.map(animalRow))

  const sessions = await trx
    .insertInto('cattle_handlings')
    .values(
      plan.sessions.map((s) => ({
        establishment_id: eid,
        name: s.name,
        description: s.description,
        activity_date: localDateTime(s.day),
        cattle_handling_work: s.work,
        created_by: userId,
        created_at: instant(s.day, 7 * 3600),
        updated_at: instant(s.day, 7 * 3600),
      })),
    )
    .returning(['id', 'name'])
    .execute()
  const sessionId = new Map(sessions.map((s) => [s.name, s.id]))
  const animalId = (index: number) => (plan.animals[index] as PlannedAnimal).id
  const inseminatorId = (index: number) => (inseminators[index] as { id: number }).id
  // Each animal's events together, so that one statement's latest-event trigger (migration 0001)
  // refreshes as few animals as possible.
  const byAnimal = <E extends { animal: number; day: number }>(events: readonly E[]) =>
    [...events].sort((a, b) => a.animal - b.animal || a.day - b.day)

  await insertChunked(
    trx,
    'preservices',
    byAnimal(plan.preservices).map((e) => ({
      establishment_id: eid,
      animal_id: animalId(e.animal),
      cattle_handling_id: id(sessionId, e.session),
      reproductive_grade_id: e.grade ? lookupId(lookups, 'reproductive_grades', e.grade) : null,
      ovarian_status_id: lookupId(lookups, 'ovarian_statuses', e.ovarian),
      read_at: localDateTime(e.day, e.time),
      chute_order: e.order,
      created_by: userId,
      created_at: instant(e.day),
      updated_at: instant(e.day),
    })),
  )
  await insertChunked(
    trx,
    'artificial_inseminations',
    byAnimal(plan.inseminations).map((e) => ({
      establishment_id: eid,
      animal_id: animalId(e.animal),
      cattle_handling_id: id(sessionId, e.session),
      bull_id: id(bullId, e.bull),
      inseminator_id: inseminatorId(e.inseminator),
      read_at: localDateTime(e.day, e.time),
      chute_order: e.order,
      created_by: userId,
      created_at: instant(e.day),
      updated_at: instant(e.day),
    })),
  )
  await insertChunked(
    trx,
    'pregnancy_checks',
    byAnimal(plan.pregnancyChecks).map((e) => ({
      establishment_id: eid,
      animal_id: animalId(e.animal),
      cattle_handling_id: id(sessionId, e.session),
      pregnancy_check_detail_id: lookupId(lookups, 'pregnancy_check_details', e.detail),
      is_ultrasound_scan: e.ultrasound,
      read_at: localDateTime(e.day, e.time),
      chute_order: e.order,
      created_by: userId,
      created_at: instant(e.day),
      updated_at: instant(e.day),
    })),
  )
  await insertChunked(
    trx,
    'weighings',
    byAnimal(plan.weighings).map((e) => ({
      establishment_id: eid,
      animal_id: animalId(e.animal),
      cattle_handling_id: id(sessionId, e.session),
      weighing_time_id: lookupId(lookups, 'weighing_times', e.weighingTime),
      weight: e.weight,
      read_at: localDateTime(e.day, e.time),
      chute_order: e.order,
      created_by: userId,
      created_at: instant(e.day, 19 * 3600),
      updated_at: instant(e.day, 19 * 3600),
    })),
  )
  await insertChunked(
    trx,
    'body_conditions',
    byAnimal(plan.bodyConditions).map((e) => ({
      establishment_id: eid,
      animal_id: animalId(e.animal),
      cattle_handling_id: e.session ? id(sessionId, e.session) : null,
      body_condition_detail_id: lookupId(lookups, 'body_condition_details', e.detail),
      read_at: localDateTime(e.day),
      created_by: userId,
      created_at: instant(e.day),
    })),
  )
  await insertChunked(
    trx,
    'notes',
    byAnimal(plan.notes).map((e) => ({
      establishment_id: eid,
      animal_id: animalId(e.animal),
      cattle_handling_id: e.session ? id(sessionId, e.session) : null,
      content: e.content,
      read_at: localDateTime(e.day, e.time),
      created_by: userId,
      created_at: instant(e.day, e.time),
    })),
  )

  await insertChunked(
    trx,
    'alerts',
    plan.alerts.map((a) => ({
      establishment_id: eid,
      animal_id: animalId(a.animal),
      description: a.description,
      active: a.readDay === null,
      read_at: a.readDay === null ? null : instant(a.readDay, a.createdTime),
      read_by: a.readDay === null ? null : userId,
      created_by: userId,
      created_at: instant(a.createdDay, a.createdTime),
      updated_at: instant(a.readDay ?? a.createdDay, a.createdTime),
    })),
  )

  return {
    establishmentId: eid,
    animals: plan.animals.length,
    events:
      plan.inseminations.length +
      plan.pregnancyChecks.length +
      plan.preservices.length +
      plan.weighings.length +
      plan.bodyConditions.length,
  }
}
