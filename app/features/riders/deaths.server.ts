import { sql } from 'kysely'
import { recordAudit } from '~/db/audit.server'
import type { DB } from '~/db/database.server'
import { departureText } from '~/features/animals/departure'
import { invalid } from '~/lib/domain-errors'
import { DEATH_CHECK_OUT_TYPE, deathProblem } from './deaths.rules'
import {
  checkRider,
  lockAnimal,
  lookupDescription,
  mustExist,
  pageOf,
  riderFilters,
} from './rider-facts.server'
import {
  type CreateDeath,
  type DeathRow,
  RIDER_MESSAGES,
  type RiderListQuery,
  type UpdateDeath,
} from './riders.schema'

/**
 * Deaths recorded by riders (decision 036). A death is the animal's check-out ('Muerte', decision
 * 018's departed animal): written on the animal in the same transaction, so it leaves the live herd,
 * the head counts and the pickers at once and keeps its history. Deleting the death undoes the
 * check-out.
 */

const ROW = sql`
  select d.id, to_char(d.read_at, 'YYYY-MM-DD') as read_at, d.animal_id, a.visual_tag,
    d.death_cause_id, dc.description as death_cause, d.note, d.rider_id, ri.description as rider,
    ro.description as rodeo
  from deaths d
    join animals a on a.id = d.animal_id
    left join death_causes dc on dc.id = d.death_cause_id
    left join riders ri on ri.id = d.rider_id
    left join rodeos ro on ro.id = a.rodeo_id`

export async function listDeaths(db: DB, establishmentId: number, query: RiderListQuery) {
  const [{ rows }, { rows: count }] = await Promise.all([
    sql<DeathRow>`
      select * from (${ROW}) x where x.id in (
        select r.id from deaths r join animals a on a.id = r.animal_id
        where r.establishment_id = ${establishmentId} and ${riderFilters(query)}
        order by r.read_at desc, r.id desc ${pageOf(query)})
      order by x.read_at desc, x.id desc`.execute(db),
    sql<{ total: number }>`
      select count(*)::int as total from deaths r join animals a on a.id = r.animal_id
      where r.establishment_id = ${establishmentId} and ${riderFilters(query)}`.execute(db),
  ])
  return { data: rows, meta: { total: count[0]?.total ?? 0 } }
}

export async function getDeath(db: DB, id: number) {
  const { rows } = await sql<DeathRow>`${ROW} where d.id = ${id}`.execute(db)
  return mustExist(rows[0], 'deaths')
}

async function deathCheckOutType(trx: DB) {
  const row = await trx
    .selectFrom('check_out_types')
    .select('id')
    .where('description', '=', DEATH_CHECK_OUT_TYPE)
    .executeTakeFirstOrThrow()
  return row.id
}

/** Records a death and checks the animal out, one transaction, audited both. */
export async function createDeath(
  db: DB,
  input: { establishmentId: number; userId: number; body: CreateDeath },
): Promise<DeathRow> {
  const { body } = input
  const id = await db.transaction().execute(async (trx) => {
    const animal = await lockAnimal(trx, input.establishmentId, body.animal_id)
    const problem = deathProblem(
      {
        visualTag: animal.visual_tag,
        checkOutType: animal.check_out_type,
        checkOutDate: animal.check_out_date,
        dateOfBirth: animal.date_of_birth,
      },
      body.read_at,
      departureText({
        check_out_type_description: animal.check_out_type,
        check_out_date: animal.check_out_date,
      }),
    )
    if (problem) throw invalid(problem, 'animal_id')
    await checkRider(trx, input.establishmentId, body.rider_id)
    if (body.death_cause_id)
      await lookupDescription(
        trx,
        'death_causes',
        body.death_cause_id,
        RIDER_MESSAGES.causeInvalid,
        'death_cause_id',
      )
    const values = {
      establishment_id: input.establishmentId,
      animal_id: animal.id,
      death_cause_id: body.death_cause_id ?? null,
      rider_id: body.rider_id ?? null,
      read_at: `${body.read_at} 00:00:00`,
      note: body.note ?? null,
      created_by: input.userId,
    }
    const created = await trx.insertInto('deaths').values(values).returning('id').executeTakeFirstOrThrow()
    const checkOut = { check_out_type_id: await deathCheckOutType(trx), check_out_date: values.read_at }
    await trx
      .updateTable('animals')
      .set({ ...checkOut, updated_at: new Date(), updated_by: input.userId, version: sql`version + 1` })
      .where('id', '=', animal.id)
      .execute()
    await recordAudit(trx, [
      {
        userId: input.userId,
        establishmentId: input.establishmentId,
        action: 'death_create',
        entity: 'death',
        entityId: created.id,
        after: values,
      },
      {
        userId: input.userId,
        establishmentId: input.establishmentId,
        action: 'animal_check_out',
        entity: 'animal',
        entityId: animal.id,
        before: { check_out_type_id: null, check_out_date: null },
        after: checkOut,
      },
    ])
    return created.id
  })
  return getDeath(db, id)
}

/** Edits a death (day, cause, rider, note); a new day moves the animal's check-out with it. */
export async function updateDeath(
  db: DB,
  input: { id: number; userId: number; body: UpdateDeath },
): Promise<DeathRow> {
  const { body } = input
  await db.transaction().execute(async (trx) => {
    const before = mustExist(
      await trx.selectFrom('deaths').selectAll().where('id', '=', input.id).forUpdate().executeTakeFirst(),
      'deaths',
    )
    const eid = before.establishment_id
    await checkRider(trx, eid, body.rider_id)
    if (body.death_cause_id)
      await lookupDescription(
        trx,
        'death_causes',
        body.death_cause_id,
        RIDER_MESSAGES.causeInvalid,
        'death_cause_id',
      )
    if (body.read_at !== undefined) {
      const animal = await lockAnimal(trx, eid, before.animal_id)
      if (animal.date_of_birth && body.read_at < animal.date_of_birth.slice(0, 10)) {
        const problem = deathProblem(
          {
            visualTag: animal.visual_tag,
            checkOutType: null,
            checkOutDate: null,
            dateOfBirth: animal.date_of_birth,
          },
          body.read_at,
          '',
        )
        if (problem) throw invalid(problem, 'read_at')
      }
    }
    const changes = {
      ...(body.read_at !== undefined && { read_at: `${body.read_at} 00:00:00` }),
      ...(body.death_cause_id !== undefined && { death_cause_id: body.death_cause_id }),
      ...(body.rider_id !== undefined && { rider_id: body.rider_id }),
      ...(body.note !== undefined && { note: body.note }),
    }
    if (Object.keys(changes).length === 0) throw invalid(RIDER_MESSAGES.nothingToChange)
    await trx
      .updateTable('deaths')
      .set({ ...changes, updated_at: new Date(), version: sql`version + 1` })
      .where('id', '=', input.id)
      .execute()
    if (changes.read_at) {
      await trx
        .updateTable('animals')
        .set({ check_out_date: changes.read_at, updated_at: new Date(), updated_by: input.userId })
        .where('id', '=', before.animal_id)
        .execute()
    }
    await recordAudit(trx, {
      userId: input.userId,
      establishmentId: eid,
      action: 'death_update',
      entity: 'death',
      entityId: input.id,
      before,
      after: changes,
    })
  })
  return getDeath(db, input.id)
}

/** Deletes a death recorded by mistake: the animal is back in the herd (its check-out undone). */
export async function deleteDeath(db: DB, input: { id: number; userId: number }) {
  await db.transaction().execute(async (trx) => {
    const before = mustExist(
      await trx.selectFrom('deaths').selectAll().where('id', '=', input.id).forUpdate().executeTakeFirst(),
      'deaths',
    )
    await trx.deleteFrom('deaths').where('id', '=', input.id).execute()
    await trx
      .updateTable('animals')
      .set({
        check_out_type_id: null,
        check_out_date: null,
        updated_at: new Date(),
        updated_by: input.userId,
        version: sql`version + 1`,
      })
      .where('id', '=', before.animal_id)
      .where('check_out_type_id', '=', await deathCheckOutType(trx))
      .execute()
    await recordAudit(trx, [
      {
        userId: input.userId,
        establishmentId: before.establishment_id,
        action: 'death_delete',
        entity: 'death',
        entityId: input.id,
        before,
      },
      {
        userId: input.userId,
        establishmentId: before.establishment_id,
        action: 'animal_check_out_undo',
        entity: 'animal',
        entityId: before.animal_id,
      },
    ])
  })
}
