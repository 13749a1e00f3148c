import { sql } from 'kysely'
import type { DB } from '~/db/database.server'
import type { RIDER_LOOKUP_TABLES } from '~/db/schema'
import type { Sex } from '~/features/lookups/lookup-values'
import { invalid, notFound } from '~/lib/domain-errors'
import {
  RIDER_MESSAGES,
  type RiderFormOptions,
  type RiderListQuery,
  type RiderRecordKind,
} from './riders.schema'

/**
 * The facts the riders' writes load (decision 036), shared by births, deaths, treatments, body
 * conditions and notes: the animals a record names (locked for the write), the rider, a lookup.
 */

export interface RiderAnimal {
  id: string
  visual_tag: string
  sex: Sex | null
  category: string | null
  date_of_birth: string | null
  check_out_type: string | null
  check_out_date: string | null
  rodeo_id: number | null
  breed_id: number | null
  color_id: number | null
}

/**
 * The live (not deleted) animals of the establishment among `ids`, locked against a concurrent
 * write of the same animals (a death and a treatment of one cow at once) until the transaction ends.
 */
export async function lockAnimals(db: DB, establishmentId: number, ids: readonly string[]) {
  const { rows } = await sql<RiderAnimal>`
    select a.id, a.visual_tag, s.description as sex, t.description as category, a.date_of_birth,
      cot.description as check_out_type, a.check_out_date, a.rodeo_id, a.breed_id, a.color_id
    from animals a
      left join sexes s on s.id = a.sex_id
      left join animal_types t on t.id = a.animal_type_id
      left join check_out_types cot on cot.id = a.check_out_type_id
    where a.id = any(${[...ids]}::uuid[]) and a.establishment_id = ${establishmentId} and a.deleted_at is null
    for no key update of a
  `.execute(db)
  return new Map(rows.map((row) => [row.id, row]))
}

/** One animal of the establishment, locked; a 400 naming `field` when it is not one. */
export async function lockAnimal(db: DB, establishmentId: number, id: string, field = 'animal_id') {
  const animal = (await lockAnimals(db, establishmentId, [id])).get(id)
  if (!animal) throw invalid(RIDER_MESSAGES.animalNotFound, field)
  return animal
}

/** A rider of the establishment (or none); a 400 otherwise. */
export async function checkRider(db: DB, establishmentId: number, riderId: number | null | undefined) {
  if (riderId === null || riderId === undefined) return
  const found = await db
    .selectFrom('riders')
    .select('id')
    .where('id', '=', riderId)
    .where('establishment_id', '=', establishmentId)
    .executeTakeFirst()
  if (!found) throw invalid(RIDER_MESSAGES.riderInvalid, 'rider_id')
}

type LookupName = (typeof RIDER_LOOKUP_TABLES)[number] | 'sexes' | 'birth_types'

/** The description of a lookup value, or a 400 with `message` naming `field`. */
export async function lookupDescription(
  db: DB,
  table: LookupName,
  id: number,
  message: string,
  field: string,
): Promise<string> {
  const row = await db.selectFrom(table).select('description').where('id', '=', id).executeTakeFirst()
  if (!row) throw invalid(message, field)
  return row.description
}

/** The establishment of a rider record, or undefined (unknown ids and other tables' ids alike). */
export async function riderRecordEstablishment(db: DB, kind: RiderRecordKind, id: number) {
  const row = await db
    .selectFrom(RIDER_TABLES[kind])
    .select('establishment_id')
    .where('id', '=', id)
    .executeTakeFirst()
  return row?.establishment_id
}

export const RIDER_TABLES = {
  births: 'births',
  deaths: 'deaths',
  treatments: 'animal_treatments',
  'body-conditions': 'rider_body_conditions',
  notes: 'notes',
} as const satisfies Record<RiderRecordKind, string>

/** A record that must exist (checked by the route's guard; a race may still remove it). */
export function mustExist<T>(row: T | undefined, kind: RiderRecordKind): T {
  if (!row) throw notFound(RIDER_MESSAGES.notFound[kind])
  return row
}

/**
 * The list filters every rider table shares, as SQL over the aliases `r` (the record) and `a` (its
 * animal): rider, the animal's current rodeo, the record's day range.
 */
export function riderFilters(query: RiderListQuery) {
  return sql.join(
    [
      sql`true`,
      query.rider ? sql`r.rider_id = ${query.rider}` : sql`true`,
      query.rodeo ? sql`a.rodeo_id = ${query.rodeo}` : sql`true`,
      query.read_at_from ? sql`r.read_at >= ${query.read_at_from}::timestamp` : sql`true`,
      query.read_at_to ? sql`r.read_at < ${query.read_at_to}::timestamp + interval '1 day'` : sql`true`,
    ],
    sql` and `,
  )
}

/** LIMIT/OFFSET of a page. */
export const pageOf = (query: RiderListQuery) =>
  sql`limit ${query.perPage} offset ${(query.page - 1) * query.perPage}`

/** The choices of the riders' forms and filters, each by name. */
export async function riderFormOptions(db: DB, establishmentId: number): Promise<RiderFormOptions> {
  const general = (table: LookupName) =>
    db.selectFrom(table).select(['id', 'description']).orderBy('id').execute()
  const [riders, death_causes, treatments, body_conditions_riders, sexes, birth_types, rodeos] =
    await Promise.all([
      db
        .selectFrom('riders')
        .select(['id', 'description'])
        .where('establishment_id', '=', establishmentId)
        .orderBy('description')
        .execute(),
      general('death_causes'),
      general('treatments'),
      general('body_conditions_riders'),
      general('sexes'),
      general('birth_types'),
      db
        .selectFrom('rodeos')
        .select(['id', 'description'])
        .where('establishment_id', '=', establishmentId)
        .orderBy('description')
        .execute(),
    ])
  return { riders, death_causes, treatments, body_conditions_riders, sexes, birth_types, rodeos }
}
