import { sql } from 'kysely'
import { recordAudit } from '~/db/audit.server'
import type { DB } from '~/db/database.server'
import { invalid } from '~/lib/domain-errors'
import { deadAnimalProblem } from './deaths.rules'
import {
  checkRider,
  lockAnimal,
  lookupDescription,
  mustExist,
  pageOf,
  riderFilters,
} from './rider-facts.server'
import {
  type BodyConditionRow,
  type CreateBodyCondition,
  type CreateNote,
  type NoteRow,
  RIDER_MESSAGES,
  type RiderListQuery,
  type UpdateBodyCondition,
  type UpdateNote,
} from './riders.schema'

/**
 * A rider's body-condition scores (the rider framework's `body_conditions_riders` scale, decision
 * 036) and notes (the existing `notes` table, with the rider who wrote it and no session).
 */

const CONDITION_ROW = sql`
  select r.id, to_char(r.read_at, 'YYYY-MM-DD') as read_at, r.animal_id, a.visual_tag,
    r.body_conditions_rider_id, bc.description as condition, r.rider_id, ri.description as rider,
    ro.description as rodeo
  from rider_body_conditions r
    join animals a on a.id = r.animal_id
    join body_conditions_riders bc on bc.id = r.body_conditions_rider_id
    left join riders ri on ri.id = r.rider_id
    left join rodeos ro on ro.id = a.rodeo_id`

export async function listBodyConditions(db: DB, establishmentId: number, query: RiderListQuery) {
  const [{ rows }, { rows: count }] = await Promise.all([
    sql<BodyConditionRow>`${CONDITION_ROW}
      where r.establishment_id = ${establishmentId} and ${riderFilters(query)}
      order by r.read_at desc, r.id desc ${pageOf(query)}`.execute(db),
    sql<{ total: number }>`
      select count(*)::int as total from rider_body_conditions r join animals a on a.id = r.animal_id
      where r.establishment_id = ${establishmentId} and ${riderFilters(query)}`.execute(db),
  ])
  return { data: rows, meta: { total: count[0]?.total ?? 0 } }
}

export async function getBodyCondition(db: DB, id: number) {
  const { rows } = await sql<BodyConditionRow>`${CONDITION_ROW} where r.id = ${id}`.execute(db)
  return mustExist(rows[0], 'body-conditions')
}

export async function createBodyCondition(
  db: DB,
  input: { establishmentId: number; userId: number; body: CreateBodyCondition },
) {
  const { body } = input
  const id = await db.transaction().execute(async (trx) => {
    const animal = await lockAnimal(trx, input.establishmentId, body.animal_id)
    const dead = deadAnimalProblem(
      {
        visualTag: animal.visual_tag,
        checkOutType: animal.check_out_type,
        checkOutDate: animal.check_out_date,
      },
      'una condición corporal',
    )
    if (dead) throw invalid(dead, 'animal_id')
    await checkRider(trx, input.establishmentId, body.rider_id)
    await lookupDescription(
      trx,
      'body_conditions_riders',
      body.body_conditions_rider_id,
      RIDER_MESSAGES.conditionInvalid,
      'body_conditions_rider_id',
    )
    const values = {
      establishment_id: input.establishmentId,
      animal_id: animal.id,
      body_conditions_rider_id: body.body_conditions_rider_id,
      rider_id: body.rider_id ?? null,
      read_at: `${body.read_at} 00:00:00`,
      created_by: input.userId,
    }
    const created = await trx
      .insertInto('rider_body_conditions')
      .values(values)
      .returning('id')
      .executeTakeFirstOrThrow()
    await recordAudit(trx, {
      userId: input.userId,
      establishmentId: input.establishmentId,
      action: 'rider_body_condition_create',
      entity: 'rider_body_condition',
      entityId: created.id,
      after: values,
    })
    return created.id
  })
  return getBodyCondition(db, id)
}

export async function updateBodyCondition(
  db: DB,
  input: { id: number; userId: number; body: UpdateBodyCondition },
) {
  const { body } = input
  await db.transaction().execute(async (trx) => {
    const before = mustExist(
      await trx
        .selectFrom('rider_body_conditions')
        .selectAll()
        .where('id', '=', input.id)
        .forUpdate()
        .executeTakeFirst(),
      'body-conditions',
    )
    await checkRider(trx, before.establishment_id, body.rider_id)
    if (body.body_conditions_rider_id)
      await lookupDescription(
        trx,
        'body_conditions_riders',
        body.body_conditions_rider_id,
        RIDER_MESSAGES.conditionInvalid,
        'body_conditions_rider_id',
      )
    const changes = {
      ...(body.read_at !== undefined && { read_at: `${body.read_at} 00:00:00` }),
      ...(body.body_conditions_rider_id && { body_conditions_rider_id: body.body_conditions_rider_id }),
      ...(body.rider_id !== undefined && { rider_id: body.rider_id }),
    }
    if (Object.keys(changes).length === 0) throw invalid(RIDER_MESSAGES.nothingToChange)
    await trx
      .updateTable('rider_body_conditions')
      .set({ ...changes, updated_at: new Date(), version: sql`version + 1` })
      .where('id', '=', input.id)
      .execute()
    await recordAudit(trx, {
      userId: input.userId,
      establishmentId: before.establishment_id,
      action: 'rider_body_condition_update',
      entity: 'rider_body_condition',
      entityId: input.id,
      before,
      after: changes,
    })
  })
  return getBodyCondition(db, input.id)
}

export async function deleteBodyCondition(db: DB, input: { id: number; userId: number }) {
  await db.transaction().execute(async (trx) => {
    const before = mustExist(
      await trx
        .selectFrom('rider_body_conditions')
        .selectAll()
        .where('id', '=', input.id)
        .forUpdate()
        .executeTakeFirst(),
      'body-conditions',
    )
    await trx.deleteFrom('rider_body_conditions').where('id', '=', input.id).execute()
    await recordAudit(trx, {
      userId: input.userId,
      establishmentId: before.establishment_id,
      action: 'rider_body_condition_delete',
      entity: 'rider_body_condition',
      entityId: input.id,
      before,
    })
  })
}

// --- Notes --------------------------------------------------------------------------------------

const NOTE_ROW = sql`
  select r.id, to_char(r.read_at, 'YYYY-MM-DD') as read_at, r.animal_id, a.visual_tag, r.content,
    r.rider_id, ri.description as rider, ro.description as rodeo
  from notes r
    join animals a on a.id = r.animal_id
    left join riders ri on ri.id = r.rider_id
    left join rodeos ro on ro.id = a.rodeo_id`

/** The establishment's notes taken outside sessions (the paddock's, by riders or in the office). */
export async function listNotes(db: DB, establishmentId: number, query: RiderListQuery) {
  const [{ rows }, { rows: count }] = await Promise.all([
    sql<NoteRow>`${NOTE_ROW}
      where r.establishment_id = ${establishmentId} and r.cattle_handling_id is null and ${riderFilters(query)}
      order by r.read_at desc, r.id desc ${pageOf(query)}`.execute(db),
    sql<{ total: number }>`
      select count(*)::int as total from notes r join animals a on a.id = r.animal_id
      where r.establishment_id = ${establishmentId} and r.cattle_handling_id is null and ${riderFilters(query)}`.execute(
      db,
    ),
  ])
  return { data: rows, meta: { total: count[0]?.total ?? 0 } }
}

export async function getNote(db: DB, id: number) {
  const { rows } =
    await sql<NoteRow>`${NOTE_ROW} where r.id = ${id} and r.cattle_handling_id is null`.execute(db)
  return mustExist(rows[0], 'notes')
}

export async function createNote(
  db: DB,
  input: { establishmentId: number; userId: number; body: CreateNote },
) {
  const { body } = input
  const id = await db.transaction().execute(async (trx) => {
    const animal = await lockAnimal(trx, input.establishmentId, body.animal_id)
    await checkRider(trx, input.establishmentId, body.rider_id)
    const values = {
      establishment_id: input.establishmentId,
      animal_id: animal.id,
      content: body.content,
      rider_id: body.rider_id ?? null,
      read_at: `${body.read_at} 00:00:00`,
      created_by: input.userId,
    }
    const created = await trx.insertInto('notes').values(values).returning('id').executeTakeFirstOrThrow()
    await recordAudit(trx, {
      userId: input.userId,
      establishmentId: input.establishmentId,
      action: 'note_create',
      entity: 'note',
      entityId: created.id,
      after: values,
    })
    return created.id
  })
  return getNote(db, id)
}

/** A note of a session is the chute's: only the paddock's (no session) are edited here. */
async function paddockNote(trx: DB, id: number) {
  return mustExist(
    await trx
      .selectFrom('notes')
      .selectAll()
      .where('id', '=', id)
      .where('cattle_handling_id', 'is', null)
      .forUpdate()
      .executeTakeFirst(),
    'notes',
  )
}

export async function updateNote(db: DB, input: { id: number; userId: number; body: UpdateNote }) {
  const { body } = input
  await db.transaction().execute(async (trx) => {
    const before = await paddockNote(trx, input.id)
    await checkRider(trx, before.establishment_id, body.rider_id)
    const changes = {
      ...(body.read_at !== undefined && { read_at: `${body.read_at} 00:00:00` }),
      ...(body.content !== undefined && { content: body.content }),
      ...(body.rider_id !== undefined && { rider_id: body.rider_id }),
    }
    if (Object.keys(changes).length === 0) throw invalid(RIDER_MESSAGES.nothingToChange)
    await trx.updateTable('notes').set(changes).where('id', '=', input.id).execute()
    await recordAudit(trx, {
      userId: input.userId,
      establishmentId: before.establishment_id,
      action: 'note_update',
      entity: 'note',
      entityId: input.id,
      before,
      after: changes,
    })
  })
  return getNote(db, input.id)
}

export async function deleteNote(db: DB, input: { id: number; userId: number }) {
  await db.transaction().execute(async (trx) => {
    const before = await paddockNote(trx, input.id)
    await trx.deleteFrom('notes').where('id', '=', input.id).execute()
    await recordAudit(trx, {
      userId: input.userId,
      establishmentId: before.establishment_id,
      action: 'note_delete',
      entity: 'note',
      entityId: input.id,
      before,
    })
  })
}
