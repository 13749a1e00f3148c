import { sql } from 'kysely'
import { recordAudit } from '~/db/audit.server'
import type { DB } from '~/db/database.server'
import type { AnimalCreateRecord } from '~/features/animals/animal-record.schema'
import { insertAnimal } from '~/features/animals/animal-record.server'
import { motherProblem } from '~/features/animals/animals.rules'
import { hasLeftHerd } from '~/features/animals/departure'
import { DomainError, invalid } from '~/lib/domain-errors'
import { BIRTH_RULE_MESSAGES, birthDeleteProblem, calvingProblem } from './births.rules'
import {
  checkRider,
  lockAnimal,
  lookupDescription,
  mustExist,
  pageOf,
  type RiderAnimal,
  riderFilters,
} from './rider-facts.server'
import {
  type BirthRow,
  type CreateBirth,
  RIDER_MESSAGES,
  type RiderListQuery,
  type UpdateBirth,
} from './riders.schema'

/**
 * Births recorded by riders (issue 21, decision 036). A birth with a tag creates its calf in the same
 * transaction: an animal with its mother, in her rodeo, born that day, category Ternero/Ternera by
 * its sex, the mother's breed and color, check-in type Nacimiento. A birth without one is 'pendiente
 * de caravana': the calf is created when the birth gets its tag (an edit).
 */

const ROW = sql`
  select b.id, to_char(b.read_at, 'YYYY-MM-DD') as read_at, b.mother_id, m.visual_tag as mother_visual_tag,
    b.calf_id, c.visual_tag as calf_visual_tag, b.sex_id, s.description as sex,
    b.birth_type_id, bt.description as birth_type, b.weight_at_birth, b.note,
    b.rider_id, ri.description as rider, ro.description as rodeo
  from births b
    join animals m on m.id = b.mother_id
    left join animals c on c.id = b.calf_id
    left join sexes s on s.id = b.sex_id
    left join birth_types bt on bt.id = b.birth_type_id
    left join riders ri on ri.id = b.rider_id
    left join rodeos ro on ro.id = m.rodeo_id`

/** A page of the establishment's births, newest first; filters on the mother's rodeo. */
export async function listBirths(db: DB, establishmentId: number, query: RiderListQuery) {
  const [{ rows }, { rows: count }] = await Promise.all([
    sql<BirthRow>`
      select * from (${ROW}) x where x.id in (
        select r.id from births r join animals a on a.id = r.mother_id
        where r.establishment_id = ${establishmentId} and ${riderFilters(query)}
        order by r.read_at desc, r.id desc ${pageOf(query)})
      order by x.read_at desc, x.id desc`.execute(db),
    sql<{ total: number }>`
      select count(*)::int as total from births r join animals a on a.id = r.mother_id
      where r.establishment_id = ${establishmentId} and ${riderFilters(query)}`.execute(db),
  ])
  return { data: rows, meta: { total: count[0]?.total ?? 0 } }
}

export async function getBirth(db: DB, id: number) {
  const { rows } = await sql<BirthRow>`${ROW} where b.id = ${id}`.execute(db)
  return mustExist(rows[0], 'births')
}

/** The mother's rules (animals.rules.ts) and the calving's (births.rules.ts); the first problem is thrown. */
async function checkCalving(trx: DB, mother: RiderAnimal, readAt: string) {
  const motherRule = motherProblem(
    { sex: mother.sex, category: mother.category, departed: hasLeftHerd(mother) },
    { isSelf: false },
  )
  if (motherRule) throw invalid(motherRule, 'mother_id')
  await checkCalvingDay(trx, mother, readAt, undefined)
}

/** Refuses a calf tag in use among the establishment's live animals (any case), naming the field. */
async function checkCalfTag(trx: DB, establishmentId: number, tag: string) {
  const taken = await trx
    .selectFrom('animals')
    .select('visual_tag')
    .where('establishment_id', '=', establishmentId)
    .where(sql<string>`lower(visual_tag)`, '=', tag.toLowerCase())
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
  if (taken) throw invalid(BIRTH_RULE_MESSAGES.calfTagTaken(tag), 'calf_visual_tag')
}

/** Creates the calf of a birth (the animal rules apply through insertAnimal); its id. */
async function createCalf(
  trx: DB,
  input: {
    establishmentId: number
    userId: number
    mother: RiderAnimal
    tag: string
    electronicTag: string | null
    readAt: string
    sexId: number
    birthTypeId: number | null
    weight: number | null
  },
) {
  await checkCalfTag(trx, input.establishmentId, input.tag)
  const sex = await lookupDescription(trx, 'sexes', input.sexId, RIDER_MESSAGES.sexInvalid, 'sex_id')
  const category = await trx
    .selectFrom('animal_types')
    .select('id')
    .where('description', '=', sex === 'Hembra' ? 'Ternera' : 'Ternero')
    .executeTakeFirstOrThrow()
  const checkIn = await trx
    .selectFrom('check_in_types')
    .select('id')
    .where('description', '=', 'Nacimiento')
    .executeTakeFirstOrThrow()
  // The mother's breed and color may be unknown on old rows: the calf's then are too.
  const record = {
    visual_tag: input.tag,
    electronic_tag: input.electronicTag,
    rodeo_id: input.mother.rodeo_id,
    animal_type_id: category.id,
    breed_id: input.mother.breed_id,
    gender: input.sexId,
    color_id: input.mother.color_id,
    date_of_birth: `${input.readAt} 00:00:00`,
    weight_at_birth: input.weight,
    birth_type_id: input.birthTypeId,
    mother_id: input.mother.id,
    father_id: null,
    origin: null,
    check_in_type_id: checkIn.id,
    cuig: null,
    senasa: null,
  } as unknown as AnimalCreateRecord
  return insertAnimal(trx, {
    establishmentId: input.establishmentId,
    userId: input.userId,
    record,
    checkInDate: `${input.readAt} 00:00:00`,
  })
}

/** Where a birth came from, for its audit row (an upload names its file's audit row and the sheet row). */
export interface BirthSource {
  upload: number
  sheet_row: number
}

/**
 * The write of a birth whose rules were checked (the mother's, the calving's, the rider, the type):
 * its calf, unless the tag is pending, and the birth row, audited. The single API (`createBirth`)
 * and the births upload (bulk-upload/rider-uploads.server.ts) call it inside their transaction, so a
 * calving creates its calf the same way whatever the path.
 */
export async function insertBirth(
  trx: DB,
  input: {
    establishmentId: number
    userId: number
    mother: RiderAnimal
    body: CreateBirth
    source?: BirthSource
  },
) {
  const { body, mother } = input
  const calfId =
    body.tag_pending || !body.calf_visual_tag
      ? null
      : await createCalf(trx, {
          establishmentId: input.establishmentId,
          userId: input.userId,
          mother,
          tag: body.calf_visual_tag,
          electronicTag: body.calf_electronic_tag ?? null,
          readAt: body.read_at,
          sexId: body.sex_id,
          birthTypeId: body.birth_type_id ?? null,
          weight: body.weight_at_birth ?? null,
        })
  const values = {
    establishment_id: input.establishmentId,
    mother_id: mother.id,
    calf_id: calfId,
    rider_id: body.rider_id ?? null,
    read_at: `${body.read_at} 00:00:00`,
    sex_id: body.sex_id,
    birth_type_id: body.birth_type_id ?? null,
    weight_at_birth: body.weight_at_birth ?? null,
    note: body.note ?? null,
    created_by: input.userId,
  }
  const created = await trx.insertInto('births').values(values).returning('id').executeTakeFirstOrThrow()
  await recordAudit(trx, {
    userId: input.userId,
    establishmentId: input.establishmentId,
    action: input.source ? 'birth_bulk_create' : 'birth_create',
    entity: 'birth',
    entityId: created.id,
    after: input.source ? { ...values, ...input.source } : values,
  })
  return created.id
}

/** Records a birth (and its calf, unless the tag is pending) in one transaction, audited. */
export async function createBirth(
  db: DB,
  input: { establishmentId: number; userId: number; body: CreateBirth },
): Promise<BirthRow> {
  const { body } = input
  const id = await db.transaction().execute(async (trx) => {
    const mother = await lockAnimal(trx, input.establishmentId, body.mother_id, 'mother_id')
    await checkCalving(trx, mother, body.read_at)
    await checkRider(trx, input.establishmentId, body.rider_id)
    if (body.birth_type_id)
      await lookupDescription(
        trx,
        'birth_types',
        body.birth_type_id,
        RIDER_MESSAGES.birthTypeInvalid,
        'birth_type_id',
      )
    return insertBirth(trx, { ...input, mother })
  })
  return getBirth(db, id)
}

/**
 * Edits a birth: the calving rules again when the day changes; a pending calf gets its tag (the calf
 * is created then). The calf's own record (sex, weight…) is the animal's: edited in Animales.
 */
export async function updateBirth(
  db: DB,
  input: { id: number; userId: number; body: UpdateBirth },
): Promise<BirthRow> {
  const { body } = input
  await db.transaction().execute(async (trx) => {
    const before = mustExist(
      await trx.selectFrom('births').selectAll().where('id', '=', input.id).forUpdate().executeTakeFirst(),
      'births',
    )
    const eid = before.establishment_id
    const mother = await lockAnimal(trx, eid, before.mother_id, 'mother_id')
    const readAt = body.read_at ?? before.read_at.slice(0, 10)
    // Only a changed day is judged again (the mother may have been sold since: the record stands).
    if (body.read_at !== undefined && body.read_at !== before.read_at.slice(0, 10))
      await checkCalvingDay(trx, mother, readAt, input.id)
    await checkRider(trx, eid, body.rider_id)
    if (body.birth_type_id)
      await lookupDescription(
        trx,
        'birth_types',
        body.birth_type_id,
        RIDER_MESSAGES.birthTypeInvalid,
        'birth_type_id',
      )
    const sexId = body.sex_id ?? before.sex_id
    let calfId = before.calf_id
    if (calfId === null && body.calf_visual_tag) {
      if (!sexId) throw invalid(RIDER_MESSAGES.sexRequired, 'sex_id')
      calfId = await createCalf(trx, {
        establishmentId: eid,
        userId: input.userId,
        mother,
        tag: body.calf_visual_tag,
        electronicTag: body.calf_electronic_tag ?? null,
        readAt,
        sexId,
        birthTypeId: body.birth_type_id ?? before.birth_type_id,
        weight: body.weight_at_birth ?? before.weight_at_birth,
      })
    }
    const changes = {
      ...(body.read_at !== undefined && { read_at: `${body.read_at} 00:00:00` }),
      ...(body.rider_id !== undefined && { rider_id: body.rider_id }),
      ...(body.sex_id !== undefined && { sex_id: body.sex_id }),
      ...(body.birth_type_id !== undefined && { birth_type_id: body.birth_type_id }),
      ...(body.weight_at_birth !== undefined && { weight_at_birth: body.weight_at_birth }),
      ...(body.note !== undefined && { note: body.note }),
      ...(calfId !== before.calf_id && { calf_id: calfId }),
    }
    if (Object.keys(changes).length === 0) throw invalid(RIDER_MESSAGES.nothingToChange)
    await trx
      .updateTable('births')
      .set({ ...changes, updated_at: new Date(), version: sql`version + 1` })
      .where('id', '=', input.id)
      .execute()
    await recordAudit(trx, {
      userId: input.userId,
      establishmentId: eid,
      action: 'birth_update',
      entity: 'birth',
      entityId: input.id,
      before,
      after: changes,
    })
  })
  return getBirth(db, input.id)
}

/** The calving rules for a day: not before the mother's birth, not too close to another of her calvings. */
async function checkCalvingDay(trx: DB, mother: RiderAnimal, readAt: string, except: number | undefined) {
  const others = await trx
    .selectFrom('births')
    .select(sql<string>`to_char(read_at, 'YYYY-MM-DD')`.as('day'))
    .where('mother_id', '=', mother.id)
    .$if(except !== undefined, (q) => q.where('id', '<>', except ?? 0))
    .execute()
  const problem = calvingProblem({
    readAt,
    mother: { visualTag: mother.visual_tag, dateOfBirth: mother.date_of_birth },
    otherCalvings: others.map((row) => row.day),
  })
  if (problem) throw invalid(problem, 'read_at')
}

/**
 * Deletes a birth. One that created a calf asks what becomes of it (`calf`): 'keep' leaves the calf
 * as an animal (its mother stays recorded), 'delete' removes it too (soft delete, as Animales does)
 * — refused while the calf has records of its own (events, treatments, its own births, a death…).
 */
export async function deleteBirth(
  db: DB,
  input: { id: number; userId: number; calf: 'keep' | 'delete' | undefined },
) {
  await db.transaction().execute(async (trx) => {
    const before = mustExist(
      await trx.selectFrom('births').selectAll().where('id', '=', input.id).forUpdate().executeTakeFirst(),
      'births',
    )
    const calf =
      before.calf_id === null
        ? null
        : await trx
            .selectFrom('animals as c')
            .select([
              'c.id',
              'c.visual_tag',
              'c.deleted_at',
              sql<boolean>`exists(select 1 from weighings where animal_id = c.id)
                or exists(select 1 from artificial_inseminations where animal_id = c.id)
                or exists(select 1 from pregnancy_checks where animal_id = c.id)
                or exists(select 1 from preservices where animal_id = c.id)
                or exists(select 1 from body_conditions where animal_id = c.id)
                or exists(select 1 from notes where animal_id = c.id)
                or exists(select 1 from animal_treatments where animal_id = c.id)
                or exists(select 1 from rider_body_conditions where animal_id = c.id)
                or exists(select 1 from deaths where animal_id = c.id)
                or exists(select 1 from births where mother_id = c.id)
                or exists(select 1 from animals k where k.mother_id = c.id and k.deleted_at is null)`.as(
                'has_records',
              ),
            ])
            .where('c.id', '=', before.calf_id)
            .executeTakeFirst()
    const liveCalf = calf && calf.deleted_at === null ? calf : null
    const problem = birthDeleteProblem(
      liveCalf && { visualTag: liveCalf.visual_tag, hasOwnRecords: liveCalf.has_records },
      input.calf,
    )
    if (problem) throw new DomainError(problem.kind, problem.message, { field: 'calf' })
    await trx.deleteFrom('births').where('id', '=', input.id).execute()
    const audits = [
      {
        userId: input.userId,
        establishmentId: before.establishment_id,
        action: 'birth_delete',
        entity: 'birth',
        entityId: input.id,
        before,
        after: liveCalf ? { calf: input.calf } : undefined,
      },
    ]
    if (liveCalf && input.calf === 'delete') {
      await trx
        .updateTable('animals')
        .set({ deleted_at: new Date(), deleted_by: input.userId, version: sql`version + 1` })
        .where('id', '=', liveCalf.id)
        .execute()
      audits.push({
        userId: input.userId,
        establishmentId: before.establishment_id,
        action: 'animal_delete',
        entity: 'animal',
        entityId: liveCalf.id as unknown as number,
        before: { visual_tag: liveCalf.visual_tag, birth_id: input.id } as never,
        after: undefined,
      })
    }
    await recordAudit(trx, audits)
  })
}
