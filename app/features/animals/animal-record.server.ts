import { type Selectable, sql } from 'kysely'
import { z } from 'zod'
import { recordAudit } from '~/db/audit.server'
import type { DB } from '~/db/database.server'
import type { AnimalsTable } from '~/db/schema'
import { activeAlertsOfAnimal } from '~/features/alerts/alerts.server'
import { SEX_OF_ANIMAL_TYPE } from '~/features/lookups/lookup-values'
import { conflict, type DomainError, invalid, notFound } from '~/lib/domain-errors'
import { likePrefix } from '~/lib/list-query'
import {
  ANIMAL_MESSAGES,
  type AnimalCreateRecord,
  type AnimalDetail,
  type AnimalEditRecord,
  type AnimalEvent,
  type AnimalPickerQuery,
  type AnimalPickerResponse,
  type AnimalUpdatePatch,
} from './animal-record.schema'
import { categorySex, motherProblem } from './animals.rules'
import { hasLeftHerd } from './departure'

type AnimalRow = Selectable<AnimalsTable>

/**
 * The columns the forms write, as stored: the spec's `gender` is `sex_id`, and a stored animal may
 * lack what the forms require (old or imported rows), so every lookup may be null here.
 */
interface RecordColumns {
  visual_tag: string
  electronic_tag: string | null
  rodeo_id: number | null
  animal_type_id: number | null
  breed_id: number | null
  sex_id: number | null
  color_id: number | null
  date_of_birth: string | null
  weight_at_birth: number | null
  birth_type_id: number | null
  mother_id: string | null
  father_id: number | null
  origin: string | null
  check_in_type_id: number | null
  cuig: string | null
  senasa: string | null
}
type RecordColumn = keyof RecordColumns

const FEMALE_TYPES = Object.entries(SEX_OF_ANIMAL_TYPE)
  .filter(([, sex]) => sex === 'Hembra')
  .map(([type]) => type)

const iso = (value: Date | null) => (value ? value.toISOString() : null)

/**
 * The establishment of a live animal, or undefined (also for a text that is not a uuid): the API
 * answers unknown and foreign animals alike.
 */
export async function animalEstablishment(db: DB, animalId: string) {
  if (!z.uuid().safeParse(animalId).success) return undefined
  const row = await db
    .selectFrom('animals')
    .select('establishment_id')
    .where('id', '=', animalId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
  return row?.establishment_id
}

/** The detail of a live animal (spec section 3, "Animal (edit and detail)"), or undefined. */
export async function getAnimalDetail(db: DB, animalId: string): Promise<AnimalDetail | undefined> {
  if (!z.uuid().safeParse(animalId).success) return undefined
  const [d, alerts] = await Promise.all([
    db
      .selectFrom('animals as a')
      .leftJoin('status_types as st', 'st.id', 'a.current_status_id')
      .leftJoin('breeds as br', 'br.id', 'a.breed_id')
      .leftJoin('colors as co', 'co.id', 'a.color_id')
      .leftJoin('check_in_types as cit', 'cit.id', 'a.check_in_type_id')
      .leftJoin('check_out_types as cot', 'cot.id', 'a.check_out_type_id')
      .leftJoin('animal_types as at', 'at.id', 'a.animal_type_id')
      .leftJoin('rodeos as ro', 'ro.id', 'a.rodeo_id')
      .leftJoin('sexes as sx', 'sx.id', 'a.sex_id')
      .leftJoin('birth_types as bt', 'bt.id', 'a.birth_type_id')
      .leftJoin('bulls as fa', 'fa.id', 'a.father_id')
      .leftJoin('animals as mo', 'mo.id', 'a.mother_id')
      .leftJoin('animals as dm', 'dm.id', 'a.donor_mother_id')
      .where('a.id', '=', animalId)
      .where('a.deleted_at', 'is', null)
      .select([
        'a.id',
        'a.establishment_id',
        'a.version',
        'a.visual_tag',
        'a.electronic_tag',
        'a.cuig',
        'a.senasa',
        'a.check_in_type_id',
        'cit.description as check_in_type_description',
        'a.check_in_date',
        'a.check_out_type_id',
        'cot.description as check_out_type_description',
        'a.check_out_date',
        'a.origin',
        'a.color_id',
        'co.description as color_description',
        'a.breed_id',
        'br.description as breed_description',
        'a.animal_type_id',
        'at.description as category_description',
        'a.sex_id',
        'sx.description as gender_description',
        'a.date_of_birth',
        'a.weight_at_birth',
        'a.birth_type_id',
        'bt.description as birth_type_description',
        'a.father_id',
        'fa.alias as father_alias',
        'a.mother_id',
        'mo.visual_tag as mother_visual_tag',
        'a.donor_mother_id',
        'dm.visual_tag as donor_mother_visual_tag',
        'a.rodeo_id',
        'ro.description as rodeo_description',
        'a.current_status_id',
        'st.description as current_status_description',
        'a.sync_at',
        sql<number | null>`current_date - a.date_of_birth::date`.as('age'),
        'a.last_weight',
        'a.last_weight_read_at',
        'a.gdpv',
        'a.gdpvital',
        'a.created_at',
        'a.updated_at',
      ])
      .executeTakeFirst(),
    activeAlertsOfAnimal(db, animalId),
  ])
  if (!d) return undefined
  return {
    animal_id: d.id,
    establishment_id: d.establishment_id,
    version: d.version,
    visual_tag: d.visual_tag,
    electronic_tag: d.electronic_tag,
    cuig: d.cuig,
    senasa: d.senasa,
    check_in_type_id: d.check_in_type_id,
    check_in_type_description: d.check_in_type_description,
    check_in_date: d.check_in_date,
    check_out_type_id: d.check_out_type_id,
    check_out_type_description: d.check_out_type_description,
    check_out_date: d.check_out_date,
    origin: d.origin,
    color_id: d.color_id,
    color_description: d.color_description,
    breed_id: d.breed_id,
    breed_description: d.breed_description,
    animal_type_id: d.animal_type_id,
    category_description: d.category_description,
    gender: d.sex_id,
    gender_description: d.gender_description,
    date_of_birth: d.date_of_birth,
    weight_at_birth: d.weight_at_birth,
    birth_type_id: d.birth_type_id,
    birth_type_description: d.birth_type_description,
    father_id: d.father_id,
    father_alias: d.father_alias,
    mother_id: d.mother_id,
    mother_visual_tag: d.mother_visual_tag,
    donor_mother_id: d.donor_mother_id,
    donor_mother_visual_tag: d.donor_mother_visual_tag,
    rodeo_id: d.rodeo_id,
    rodeo_description: d.rodeo_description,
    current_status:
      d.current_status_id === null
        ? null
        : { id: d.current_status_id, description: d.current_status_description ?? 'no disponible' },
    sync_at: iso(d.sync_at),
    alerts: alerts.map((alert) => ({ id: alert.id, description: alert.description })),
    age: d.age,
    last_weight: d.last_weight,
    last_weight_read_at: d.last_weight_read_at,
    GDPV: d.gdpv,
    GDPVital: d.gdpvital,
    created_at: d.created_at.toISOString(),
    updated_at: d.updated_at.toISOString(),
  }
}

// Rules that need the database ------------------------------------------------------------------

interface RuleContext {
  establishmentId: number
  /** The animal being edited (absent when creating). */
  animalId?: string
  /**
   * The animal as stored, when editing: only what the edit changes is checked, so an old row that
   * breaks a rule (a mother deleted since) can still have its other fields edited.
   */
  stored?: RecordColumns
}

/**
 * Checks a whole record against the rules the schema cannot see (issue 5): lookups that exist, a
 * rodeo and a father of the establishment, a mother that is a live female of the establishment and
 * not the animal itself nor one of its descendants, unique tags among live animals, a sex that
 * agrees with the category. Fills the sex from the category when it is not given. Throws a 400
 * naming the field.
 */
async function checkRecord(db: DB, record: RecordColumns, context: RuleContext): Promise<RecordColumns> {
  const { establishmentId, animalId, stored } = context
  const touched = (column: RecordColumn) => stored === undefined || stored[column] !== record[column]
  const { rows } = await sql<{
    category: string | null
    breed: boolean
    color: boolean
    sex: string | null
    birth_type: boolean
    check_in_type: boolean
    rodeo: boolean
    father: boolean
    female_sex_id: number | null
    male_sex_id: number | null
  }>`
    select
      (select description from animal_types where id = ${record.animal_type_id}) as category,
      exists(select 1 from breeds where id = ${record.breed_id}) as breed,
      exists(select 1 from colors where id = ${record.color_id}) as color,
      (select description from sexes where id = ${record.sex_id}) as sex,
      exists(select 1 from birth_types where id = ${record.birth_type_id}) as birth_type,
      exists(select 1 from check_in_types where id = ${record.check_in_type_id}) as check_in_type,
      exists(select 1 from rodeos where id = ${record.rodeo_id} and establishment_id = ${establishmentId}) as rodeo,
      exists(select 1 from bulls where id = ${record.father_id} and establishment_id = ${establishmentId}) as father,
      (select id from sexes where description = 'Hembra') as female_sex_id,
      (select id from sexes where description = 'Macho') as male_sex_id
  `.execute(db)
  const found = rows[0]
  if (!found) throw new Error('checkRecord: sin respuesta')
  const refuse = (message: string): never => {
    throw invalid(message)
  }
  const given = (column: RecordColumn) => record[column] !== null && touched(column)
  if (given('animal_type_id') && found.category === null) refuse(ANIMAL_MESSAGES.lookupNotFound('Categoría'))
  if (given('breed_id') && !found.breed) refuse(ANIMAL_MESSAGES.lookupNotFound('Raza'))
  if (given('color_id') && !found.color) refuse(ANIMAL_MESSAGES.lookupNotFound('Color'))
  if (given('sex_id') && found.sex === null) refuse(ANIMAL_MESSAGES.lookupNotFound('Sexo'))
  if (given('birth_type_id') && !found.birth_type) refuse(ANIMAL_MESSAGES.lookupNotFound('Tipo de parto'))
  if (given('check_in_type_id') && !found.check_in_type)
    refuse(ANIMAL_MESSAGES.lookupNotFound('Tipo de ingreso'))
  if (given('rodeo_id') && !found.rodeo) refuse(ANIMAL_MESSAGES.rodeoNotFound)
  if (given('father_id') && !found.father) refuse(ANIMAL_MESSAGES.fatherNotFound)

  // The category implies the sex (Vaca → Hembra): a contradiction is refused, a missing sex filled.
  let sexId = record.sex_id
  if (touched('animal_type_id') || touched('sex_id')) {
    const answer = categorySex(found.category, found.sex)
    if (!answer.ok) refuse(answer.message)
    else if (sexId === null && answer.sex !== null)
      sexId = answer.sex === 'Hembra' ? found.female_sex_id : found.male_sex_id
  }

  if (record.mother_id !== null && touched('mother_id')) {
    const isSelf = record.mother_id === animalId
    const mother = isSelf
      ? undefined
      : await db
          .selectFrom('animals as m')
          .leftJoin('sexes as s', 's.id', 'm.sex_id')
          .leftJoin('animal_types as t', 't.id', 'm.animal_type_id')
          .select(['s.description as sex', 't.description as category', 'm.check_out_date'])
          .where('m.id', '=', record.mother_id)
          .where('m.establishment_id', '=', establishmentId)
          .where('m.deleted_at', 'is', null)
          .executeTakeFirst()
    const facts = mother && { sex: mother.sex, category: mother.category, departed: hasLeftHerd(mother) }
    // The descendant walk only when everything cheaper allowed her.
    const problem =
      motherProblem(facts, { isSelf }) ??
      (animalId && (await isAncestorOf(db, animalId, record.mother_id))
        ? motherProblem(facts, { isSelf, isDescendant: true })
        : undefined)
    if (problem) refuse(problem)
  }

  const [visualTaken, electronicTaken] = await Promise.all([
    !touched('visual_tag')
      ? undefined
      : db
          .selectFrom('animals')
          .select('id')
          .where('establishment_id', '=', establishmentId)
          .where(sql<string>`lower(visual_tag)`, '=', record.visual_tag.toLowerCase())
          .where('deleted_at', 'is', null)
          .$if(animalId !== undefined, (q) => q.where('id', '<>', animalId ?? ''))
          .executeTakeFirst(),
    record.electronic_tag === null || !touched('electronic_tag')
      ? undefined
      : db
          .selectFrom('animals')
          .select('id')
          .where('electronic_tag', '=', record.electronic_tag)
          .where('deleted_at', 'is', null)
          .$if(animalId !== undefined, (q) => q.where('id', '<>', animalId ?? ''))
          .executeTakeFirst(),
  ])
  if (visualTaken) refuse(ANIMAL_MESSAGES.visualTagTaken(record.visual_tag))
  if (electronicTaken) refuse(ANIMAL_MESSAGES.electronicTagTaken(record.electronic_tag ?? ''))
  return { ...record, sex_id: sexId }
}

/**
 * Whether `ancestorId` is among the mothers, grandmothers… of `animalId`. Walks up the maternal line
 * (one indexed row per generation); UNION stops on a cycle already in the data.
 */
async function isAncestorOf(db: DB, ancestorId: string, animalId: string) {
  const { rows } = await sql<{ found: boolean }>`
    with recursive line(id) as (
      select mother_id from animals where id = ${animalId} and mother_id is not null
      union
      select a.mother_id from animals a join line on a.id = line.id where a.mother_id is not null
    )
    select exists(select 1 from line where id = ${ancestorId}) as found
  `.execute(db)
  return rows[0]?.found === true
}

/** Unique indexes still guard a race between two writers: their violation gets the rule's message. */
function uniqueViolation(error: unknown, record: RecordColumns): DomainError | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error) || error.code !== '23505')
    return undefined
  const text = `${'constraint' in error ? String(error.constraint) : ''} ${error instanceof Error ? error.message : ''}`
  if (text.includes('animals_electronic_tag_live_key'))
    return invalid(ANIMAL_MESSAGES.electronicTagTaken(record.electronic_tag ?? ''), 'electronic_tag')
  if (text.includes('animals_visual_tag_live_key'))
    return invalid(ANIMAL_MESSAGES.visualTagTaken(record.visual_tag), 'visual_tag')
  return undefined
}

function columnsOf(record: AnimalCreateRecord | AnimalEditRecord): RecordColumns {
  return {
    visual_tag: record.visual_tag,
    electronic_tag: record.electronic_tag,
    rodeo_id: record.rodeo_id,
    animal_type_id: record.animal_type_id,
    breed_id: record.breed_id,
    sex_id: record.gender,
    color_id: record.color_id,
    date_of_birth: record.date_of_birth,
    weight_at_birth: record.weight_at_birth,
    birth_type_id: record.birth_type_id,
    mother_id: record.mother_id,
    father_id: record.father_id,
    origin: record.origin,
    check_in_type_id: record.check_in_type_id,
    cuig: record.cuig,
    senasa: record.senasa,
  }
}

/** The stored record with an edit applied: a field the edit leaves out (undefined) keeps its value. */
function applyPatch(row: AnimalRow, patch: Partial<AnimalUpdatePatch>): RecordColumns {
  const keep = <T>(value: T | undefined, stored: T) => (value === undefined ? stored : value)
  return {
    visual_tag: keep(patch.visual_tag, row.visual_tag),
    electronic_tag: keep(patch.electronic_tag, row.electronic_tag),
    rodeo_id: keep(patch.rodeo_id, row.rodeo_id),
    animal_type_id: keep(patch.animal_type_id, row.animal_type_id),
    breed_id: keep(patch.breed_id, row.breed_id),
    sex_id: keep(patch.gender, row.sex_id),
    color_id: keep(patch.color_id, row.color_id),
    date_of_birth: keep(patch.date_of_birth, row.date_of_birth),
    weight_at_birth: keep(patch.weight_at_birth, row.weight_at_birth),
    birth_type_id: keep(patch.birth_type_id, row.birth_type_id),
    mother_id: keep(patch.mother_id, row.mother_id),
    father_id: keep(patch.father_id, row.father_id),
    origin: keep(patch.origin, row.origin),
    check_in_type_id: keep(patch.check_in_type_id, row.check_in_type_id),
    cuig: keep(patch.cuig, row.cuig),
    senasa: keep(patch.senasa, row.senasa),
  }
}

const RECORD_COLUMNS: readonly RecordColumn[] = [
  'visual_tag',
  'electronic_tag',
  'rodeo_id',
  'animal_type_id',
  'breed_id',
  'sex_id',
  'color_id',
  'date_of_birth',
  'weight_at_birth',
  'birth_type_id',
  'mother_id',
  'father_id',
  'origin',
  'check_in_type_id',
  'cuig',
  'senasa',
]
// Writes ----------------------------------------------------------------------------------------

/**
 * Checks and inserts one animal inside the caller's transaction, audited; answers its id. The one
 * way an animal is created: the form's create and a rider's calving (decision 036) both come here,
 * so a calf meets every rule of an animal (unique tags, its mother's rules, category and sex).
 */
export async function insertAnimal(
  trx: DB,
  input: {
    establishmentId: number
    userId: number
    record: AnimalCreateRecord
    /** When it entered the herd (a calf: its birth); default now. */
    checkInDate?: string
  },
): Promise<string> {
  const record = await checkRecord(trx, columnsOf(input.record), { establishmentId: input.establishmentId })
  try {
    const created = await trx
      .insertInto('animals')
      .values({
        ...record,
        establishment_id: input.establishmentId,
        check_in_date: input.checkInDate ?? sql<string>`localtimestamp(0)`,
        created_by: input.userId,
        updated_by: input.userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await recordAudit(trx, {
      userId: input.userId,
      establishmentId: input.establishmentId,
      action: 'animal_create',
      entity: 'animal',
      entityId: created.id,
      after: record,
    })
    return created.id
  } catch (error) {
    throw uniqueViolation(error, record) ?? error
  }
}

/** Creates an animal of the establishment, audited; answers its detail. */
export async function createAnimal(
  db: DB,
  input: { establishmentId: number; userId: number; record: AnimalCreateRecord },
): Promise<AnimalDetail> {
  const id = await db.transaction().execute((trx) => insertAnimal(trx, input))
  const detail = await getAnimalDetail(db, id)
  if (!detail) throw new Error('createAnimal: el animal creado no se encuentra')
  return detail
}

/**
 * Applies an edit to a live animal of the establishment. The row is locked, its version compared
 * with the one the edit was based on (a stale edit is refused with 409, never silently overwriting a
 * colleague's change), the merged record checked, the changed columns written with version + 1 and
 * audited (before/after of what changed).
 */
export async function updateAnimal(
  db: DB,
  input: { establishmentId: number; animalId: string; userId: number; patch: AnimalUpdatePatch },
): Promise<AnimalDetail> {
  await db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('animals')
      .selectAll()
      .where('id', '=', input.animalId)
      .where('establishment_id', '=', input.establishmentId)
      .where('deleted_at', 'is', null)
      .forUpdate()
      .executeTakeFirst()
    if (!current) throw notFound(ANIMAL_MESSAGES.notFound)
    if (input.patch.version !== undefined && current.version !== input.patch.version)
      throw conflict(ANIMAL_MESSAGES.stale)

    const before = applyPatch(current, {})
    const merged = applyPatch(current, input.patch)
    // The edit form requires these: an edit may not leave them empty, even on an old row lacking them.
    if (merged.animal_type_id === null) throw invalid(ANIMAL_MESSAGES.categoryRequired)
    if (merged.breed_id === null) throw invalid(ANIMAL_MESSAGES.breedRequired)
    if (merged.color_id === null) throw invalid(ANIMAL_MESSAGES.colorRequired)
    const record = await checkRecord(trx, merged, {
      establishmentId: input.establishmentId,
      animalId: input.animalId,
      stored: before,
    })
    const changed = RECORD_COLUMNS.filter((column) => before[column] !== record[column])
    if (changed.length === 0) return
    try {
      await trx
        .updateTable('animals')
        .set({
          ...record,
          updated_at: sql<Date>`now()`,
          updated_by: input.userId,
          version: current.version + 1,
        })
        .where('id', '=', input.animalId)
        .execute()
    } catch (error) {
      throw uniqueViolation(error, record) ?? error
    }
    await recordAudit(trx, {
      userId: input.userId,
      establishmentId: input.establishmentId,
      action: 'animal_update',
      entity: 'animal',
      entityId: input.animalId,
      before: subset(before, changed),
      after: subset(record, changed),
    })
  })
  const detail = await getAnimalDetail(db, input.animalId)
  if (!detail) throw notFound(ANIMAL_MESSAGES.notFound)
  return detail
}

function subset(record: RecordColumns, columns: readonly RecordColumn[]) {
  return Object.fromEntries(columns.map((column) => [column, record[column]]))
}

/**
 * Soft-deletes a live animal of the establishment (decision 004): the row and its events stay, its
 * tags are freed, the whole row before deletion goes to the audit log.
 */
export async function deleteAnimal(
  db: DB,
  input: { establishmentId: number; animalId: string; userId: number; version?: number },
) {
  await db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('animals')
      .selectAll()
      .where('id', '=', input.animalId)
      .where('establishment_id', '=', input.establishmentId)
      .where('deleted_at', 'is', null)
      .forUpdate()
      .executeTakeFirst()
    if (!current) throw notFound(ANIMAL_MESSAGES.notFound)
    if (input.version !== undefined && current.version !== input.version)
      throw conflict(ANIMAL_MESSAGES.staleDelete)
    await trx
      .updateTable('animals')
      .set({
        deleted_at: sql<Date>`now()`,
        deleted_by: input.userId,
        updated_at: sql<Date>`now()`,
        updated_by: input.userId,
        version: current.version + 1,
      })
      .where('id', '=', input.animalId)
      .execute()
    await recordAudit(trx, {
      userId: input.userId,
      establishmentId: input.establishmentId,
      action: 'animal_delete',
      entity: 'animal',
      entityId: input.animalId,
      before: current,
    })
  })
}

/** The rider records of an animal for its timeline (decision 036), one statement. */
async function riderEventsOfAnimal(db: DB, animalId: string): Promise<AnimalEvent[]> {
  const { rows } = await sql<{
    kind: 'calving' | 'death' | 'treatment' | 'rider_body_condition'
    id: number
    read_at: string
    a: string | null
    b: string | null
    c: string | null
  }>`
    select 'calving' as kind, b.id, b.read_at, c.visual_tag as a, s.description as b, null as c
      from births b left join animals c on c.id = b.calf_id left join sexes s on s.id = b.sex_id
      where b.mother_id = ${animalId}
    union all
    select 'death', d.id, d.read_at, dc.description, null, null
      from deaths d left join death_causes dc on dc.id = d.death_cause_id where d.animal_id = ${animalId}
    union all
    select 'treatment', t.id, t.read_at, tr.description, t.dose, to_char(t.withdrawal_end, 'YYYY-MM-DD')
      from animal_treatments t join treatments tr on tr.id = t.treatment_id where t.animal_id = ${animalId}
    union all
    select 'rider_body_condition', r.id, r.read_at, bc.description, null, null
      from rider_body_conditions r join body_conditions_riders bc on bc.id = r.body_conditions_rider_id
      where r.animal_id = ${animalId}
    order by 3 desc limit ${EVENTS_PER_KIND}
  `.execute(db)
  return rows.map((r): AnimalEvent => {
    const base = { id: Number(r.id), read_at: r.read_at, session: null }
    switch (r.kind) {
      case 'calving':
        return { kind: 'calving', ...base, calf: r.a, sex: r.b }
      case 'death':
        return { kind: 'death', ...base, cause: r.a }
      case 'treatment':
        return { kind: 'treatment', ...base, product: r.a ?? '', dose: r.b, withdrawal_end: r.c ?? '' }
      default:
        return { kind: 'rider_body_condition', ...base, score: r.a ?? '' }
    }
  })
}

// The picker ------------------------------------------------------------------------------------

/**
 * One page of the picker (spec section 7: caravana_visual, caravana_electronica, uuid), filtered and
 * paged in SQL. Mode 'mother' keeps the females still in the herd (by sex, or by a female category when
 * the sex is not recorded; sold, slaughtered, dead or otherwise departed ones are left out, decision
 * 018) and leaves out the animal being edited and its descendants (found by walking down the indexed
 * mother_id: a cow's offspring, not the herd).
 */
export async function pickAnimals(
  db: DB,
  establishmentId: number,
  q: AnimalPickerQuery,
): Promise<AnimalPickerResponse> {
  let base = db
    .selectFrom('animals as a')
    .where('a.establishment_id', '=', establishmentId)
    .where('a.deleted_at', 'is', null)
  if (q.visual_tag) base = base.where(sql<string>`lower(a.visual_tag)`, 'like', likePrefix(q.visual_tag))
  if (q.electronic_tag) base = base.where('a.electronic_tag', 'like', likePrefix(q.electronic_tag))
  if (q.exclude) base = base.where('a.id', '<>', q.exclude)
  if (q.mode === 'mother') {
    base = base.where('a.check_out_date', 'is', null)
    base = base.where((eb) =>
      eb.or([
        eb(
          'a.sex_id',
          '=',
          eb.selectFrom('sexes').select('sexes.id').where('sexes.description', '=', 'Hembra'),
        ),
        eb.and([
          eb('a.sex_id', 'is', null),
          eb(
            'a.animal_type_id',
            'in',
            eb
              .selectFrom('animal_types')
              .select('animal_types.id')
              .where('animal_types.description', 'in', FEMALE_TYPES),
          ),
        ]),
      ]),
    )
    if (q.exclude) {
      base = base.where(
        sql<boolean>`a.id not in (
          with recursive offspring(id) as (
            select id from animals where mother_id = ${q.exclude}
            union
            select c.id from animals c join offspring o on c.mother_id = o.id
          )
          select id from offspring
        )`,
      )
    }
  }
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow()
  const count = Number(total)
  const rows =
    (q.page - 1) * q.perPage >= count
      ? []
      : await base
          .leftJoin('check_out_types as cot', 'cot.id', 'a.check_out_type_id')
          .select(['a.id', 'a.visual_tag', 'a.electronic_tag', 'a.check_out_date'])
          .select('cot.description as check_out_type_description')
          .orderBy('a.visual_tag')
          .orderBy('a.id')
          .limit(q.perPage)
          .offset((q.page - 1) * q.perPage)
          .execute()
  return {
    data: rows.map((row) => ({
      uuid: row.id,
      caravana_visual: row.visual_tag,
      caravana_electronica: row.electronic_tag,
      check_out_type_description: row.check_out_type_description,
      check_out_date: row.check_out_date,
    })),
    meta: {
      current_page: q.page,
      per_page: q.perPage,
      total: count,
      last_page: Math.max(1, Math.ceil(count / q.perPage)),
    },
  }
}

// The timeline ----------------------------------------------------------------------------------

/** Per kind of event, at most this many (an animal has dozens in its life, not thousands). */
const EVENTS_PER_KIND = 1000

/** Every event of an animal, newest first: weighings, AIs, pregnancy checks, pre-services, body conditions, notes. */
export async function animalEvents(db: DB, animalId: string): Promise<AnimalEvent[]> {
  const session = (row: { session_id: number | null; session_name: string | null }) =>
    row.session_id === null ? null : { id: row.session_id, name: row.session_name ?? '' }
  const [weighings, inseminations, checks, preservices, conditions, notes, riders] = await Promise.all([
    db
      .selectFrom('weighings as e')
      .leftJoin('cattle_handlings as ch', 'ch.id', 'e.cattle_handling_id')
      .leftJoin('weighing_times as wt', 'wt.id', 'e.weighing_time_id')
      .select([
        'e.id',
        'e.read_at',
        'e.weight',
        'wt.description as weighing_time',
        'ch.id as session_id',
        'ch.name as session_name',
      ])
      .where('e.animal_id', '=', animalId)
      .orderBy('e.read_at', 'desc')
      .limit(EVENTS_PER_KIND)
      .execute(),
    db
      .selectFrom('artificial_inseminations as e')
      .leftJoin('cattle_handlings as ch', 'ch.id', 'e.cattle_handling_id')
      .leftJoin('bulls as b', 'b.id', 'e.bull_id')
      .leftJoin('inseminators as i', 'i.id', 'e.inseminator_id')
      .select([
        'e.id',
        'e.read_at',
        'b.alias as bull',
        sql<string | null>`nullif(trim(concat_ws(' ', i.first_name, i.last_name)), '')`.as('inseminator'),
        'ch.id as session_id',
        'ch.name as session_name',
      ])
      .where('e.animal_id', '=', animalId)
      .orderBy('e.read_at', 'desc')
      .limit(EVENTS_PER_KIND)
      .execute(),
    db
      .selectFrom('pregnancy_checks as e')
      .leftJoin('cattle_handlings as ch', 'ch.id', 'e.cattle_handling_id')
      .leftJoin('pregnancy_check_details as d', 'd.id', 'e.pregnancy_check_detail_id')
      .select([
        'e.id',
        'e.read_at',
        'd.description as result',
        'e.is_ultrasound_scan',
        'ch.id as session_id',
        'ch.name as session_name',
      ])
      .where('e.animal_id', '=', animalId)
      .orderBy('e.read_at', 'desc')
      .limit(EVENTS_PER_KIND)
      .execute(),
    db
      .selectFrom('preservices as e')
      .leftJoin('cattle_handlings as ch', 'ch.id', 'e.cattle_handling_id')
      .leftJoin('reproductive_grades as rg', 'rg.id', 'e.reproductive_grade_id')
      .leftJoin('ovarian_statuses as os', 'os.id', 'e.ovarian_status_id')
      .select([
        'e.id',
        'e.read_at',
        'rg.description as reproductive_grade',
        'os.description as ovarian_status',
        'ch.id as session_id',
        'ch.name as session_name',
      ])
      .where('e.animal_id', '=', animalId)
      .orderBy('e.read_at', 'desc')
      .limit(EVENTS_PER_KIND)
      .execute(),
    db
      .selectFrom('body_conditions as e')
      .leftJoin('cattle_handlings as ch', 'ch.id', 'e.cattle_handling_id')
      .innerJoin('body_condition_details as d', 'd.id', 'e.body_condition_detail_id')
      .select([
        'e.id',
        'e.read_at',
        'd.description as score',
        'ch.id as session_id',
        'ch.name as session_name',
      ])
      .where('e.animal_id', '=', animalId)
      .orderBy('e.read_at', 'desc')
      .limit(EVENTS_PER_KIND)
      .execute(),
    db
      .selectFrom('notes as e')
      .leftJoin('cattle_handlings as ch', 'ch.id', 'e.cattle_handling_id')
      .select(['e.id', 'e.read_at', 'e.content', 'ch.id as session_id', 'ch.name as session_name'])
      .where('e.animal_id', '=', animalId)
      .orderBy('e.read_at', 'desc')
      .limit(EVENTS_PER_KIND)
      .execute(),
    riderEventsOfAnimal(db, animalId),
  ])
  const events: AnimalEvent[] = [
    ...riders,
    ...weighings.map(
      (r): AnimalEvent => ({
        kind: 'weighing',
        id: Number(r.id),
        read_at: r.read_at,
        session: session(r),
        weight: r.weight,
        weighing_time: r.weighing_time,
      }),
    ),
    ...inseminations.map(
      (r): AnimalEvent => ({
        kind: 'artificial_insemination',
        id: Number(r.id),
        read_at: r.read_at,
        session: session(r),
        bull: r.bull,
        inseminator: r.inseminator,
      }),
    ),
    ...checks.map(
      (r): AnimalEvent => ({
        kind: 'pregnancy_check',
        id: Number(r.id),
        read_at: r.read_at,
        session: session(r),
        result: r.result,
        is_ultrasound_scan: r.is_ultrasound_scan,
      }),
    ),
    ...preservices.map(
      (r): AnimalEvent => ({
        kind: 'preservice',
        id: Number(r.id),
        read_at: r.read_at,
        session: session(r),
        reproductive_grade: r.reproductive_grade,
        ovarian_status: r.ovarian_status,
      }),
    ),
    ...conditions.map(
      (r): AnimalEvent => ({
        kind: 'body_condition',
        id: Number(r.id),
        read_at: r.read_at,
        session: session(r),
        score: r.score,
      }),
    ),
    ...notes.map(
      (r): AnimalEvent => ({
        kind: 'note',
        id: Number(r.id),
        read_at: r.read_at,
        session: session(r),
        content: r.content,
      }),
    ),
  ]
  return events.sort((a, b) => (a.read_at === b.read_at ? b.id - a.id : a.read_at < b.read_at ? 1 : -1))
}
