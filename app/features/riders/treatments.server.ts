import { sql } from 'kysely'
import { recordAudit } from '~/db/audit.server'
import type { DB } from '~/db/database.server'
import { invalid } from '~/lib/domain-errors'
import { deadAnimalProblem } from './deaths.rules'
import {
  checkRider,
  lockAnimals,
  lookupDescription,
  mustExist,
  pageOf,
  riderFilters,
} from './rider-facts.server'
import {
  type CreateTreatments,
  RIDER_MESSAGES,
  type RiderListQuery,
  type TreatmentRow,
  type UpdateTreatment,
  withdrawalAlertText,
} from './riders.schema'
import { addDays, TREATMENT_NOUN, withdrawalEnd } from './treatments.rules'

/**
 * Treatments recorded by riders (decision 036): one product given to one or many animals, each row
 * its own. A treatment with withdrawal days gives its animal an alert (the alerts of decision 010,
 * shown in Animales, on the animal's page and at the chute) that ends by itself when the withdrawal
 * ends (`alerts.ends_at`, migration 0010).
 */

const ROW = sql`
  select t.id, to_char(t.read_at, 'YYYY-MM-DD') as read_at, t.animal_id, a.visual_tag,
    t.treatment_id, tr.description as treatment, t.dose, t.route, t.withdrawal_days,
    to_char(t.withdrawal_end, 'YYYY-MM-DD') as withdrawal_end, t.rider_id, ri.description as rider,
    ro.description as rodeo
  from animal_treatments t
    join animals a on a.id = t.animal_id
    join treatments tr on tr.id = t.treatment_id
    left join riders ri on ri.id = t.rider_id
    left join rodeos ro on ro.id = a.rodeo_id`

export async function listTreatments(db: DB, establishmentId: number, query: RiderListQuery) {
  const [{ rows }, { rows: count }] = await Promise.all([
    sql<TreatmentRow>`
      select * from (${ROW}) x where x.id in (
        select r.id from animal_treatments r join animals a on a.id = r.animal_id
        where r.establishment_id = ${establishmentId} and ${riderFilters(query)}
        order by r.read_at desc, r.id desc ${pageOf(query)})
      order by x.read_at desc, x.id desc`.execute(db),
    sql<{ total: number }>`
      select count(*)::int as total from animal_treatments r join animals a on a.id = r.animal_id
      where r.establishment_id = ${establishmentId} and ${riderFilters(query)}`.execute(db),
  ])
  return { data: rows, meta: { total: count[0]?.total ?? 0 } }
}

async function rowsOf(db: DB, ids: readonly number[]) {
  if (ids.length === 0) return []
  const { rows } =
    await sql<TreatmentRow>`${ROW} where t.id = any(${[...ids]}::bigint[]) order by a.visual_tag`.execute(db)
  return rows
}

export async function getTreatment(db: DB, id: number) {
  return mustExist((await rowsOf(db, [id]))[0], 'treatments')
}

/** One animal's treatment, its rules checked (the animal alive, the product and rider real). */
export interface TreatmentInsert {
  animalId: string
  treatmentId: number
  /** The product's name, for the alert's text. */
  product: string
  /** 'YYYY-MM-DD' */
  readAt: string
  dose: string | null
  route: string | null
  withdrawalDays: number
  riderId: number | null
  /** An upload's audit row and sheet row, for the audit. */
  source?: { upload: number; sheet_row: number }
}

/** Rows per statement: a treatment has 11 columns, PostgreSQL takes at most 65,535 parameters. */
const CHUNK = 1000

/**
 * The write of checked treatments: each animal's withdrawal alert (ending when the withdrawal ends:
 * `withdrawalEnd`) and the treatment rows, audited. The single API (`createTreatments`) and the
 * treatments upload (bulk-upload/rider-uploads.server.ts) call it inside their transaction.
 */
export async function insertTreatments(
  trx: DB,
  input: { establishmentId: number; userId: number; items: readonly TreatmentInsert[] },
): Promise<number[]> {
  const ids: number[] = []
  for (let start = 0; start < input.items.length; start += CHUNK) {
    const items = input.items.slice(start, start + CHUNK)
    const withAlert = items.filter((item) => item.withdrawalDays > 0)
    const alertText = (item: TreatmentInsert) =>
      withdrawalAlertText(item.product, withdrawalEnd(item.readAt, item.withdrawalDays))
    const alerts =
      withAlert.length > 0
        ? await trx
            .insertInto('alerts')
            .values(
              withAlert.map((item) => ({
                establishment_id: input.establishmentId,
                animal_id: item.animalId,
                description: alertText(item),
                ends_at: `${withdrawalEnd(item.readAt, item.withdrawalDays)} 00:00:00`,
                created_by: input.userId,
              })),
            )
            .returning('id')
            .execute()
        : []
    // Rows come back in the order of the VALUES list: each alert is its item's.
    const alertOf = new Map(withAlert.map((item, index) => [item, alerts[index]?.id ?? null]))
    const values = items.map((item) => ({
      establishment_id: input.establishmentId,
      animal_id: item.animalId,
      treatment_id: item.treatmentId,
      dose: item.dose,
      route: item.route,
      withdrawal_days: item.withdrawalDays,
      rider_id: item.riderId,
      read_at: `${item.readAt} 00:00:00`,
      alert_id: alertOf.get(item) ?? null,
      created_by: input.userId,
    }))
    const created = await trx.insertInto('animal_treatments').values(values).returning('id').execute()
    await recordAudit(trx, [
      ...created.map((row, index) => ({
        userId: input.userId,
        establishmentId: input.establishmentId,
        action: items[index]?.source ? 'treatment_bulk_create' : 'treatment_create',
        entity: 'treatment',
        entityId: row.id,
        after: { ...values[index], ...items[index]?.source },
      })),
      ...withAlert.map((item) => ({
        userId: input.userId,
        establishmentId: input.establishmentId,
        action: 'alert_create',
        entity: 'alert',
        entityId: alertOf.get(item),
        after: {
          animal_id: item.animalId,
          description: alertText(item),
          ends_at: withdrawalEnd(item.readAt, item.withdrawalDays),
        },
      })),
    ])
    ids.push(...created.map((row) => row.id))
  }
  return ids
}

/**
 * Records the treatment of every named animal and their withdrawal alerts, one transaction: all or
 * none (an unknown or dead animal refuses the whole list, naming it).
 */
export async function createTreatments(
  db: DB,
  input: { establishmentId: number; userId: number; body: CreateTreatments },
): Promise<TreatmentRow[]> {
  const { body } = input
  const animalIds = [...new Set(body.animal_ids)]
  const ids = await db.transaction().execute(async (trx) => {
    const animals = await lockAnimals(trx, input.establishmentId, animalIds)
    if (animals.size !== animalIds.length) throw invalid(RIDER_MESSAGES.animalNotFound, 'animal_ids')
    for (const animal of animals.values()) {
      const dead = deadAnimalProblem(
        {
          visualTag: animal.visual_tag,
          checkOutType: animal.check_out_type,
          checkOutDate: animal.check_out_date,
        },
        TREATMENT_NOUN,
      )
      if (dead) throw invalid(dead, 'animal_ids')
    }
    await checkRider(trx, input.establishmentId, body.rider_id)
    const product = await lookupDescription(
      trx,
      'treatments',
      body.treatment_id,
      RIDER_MESSAGES.treatmentInvalid,
      'treatment_id',
    )
    return insertTreatments(trx, {
      establishmentId: input.establishmentId,
      userId: input.userId,
      items: animalIds.map((animalId) => ({
        animalId,
        treatmentId: body.treatment_id,
        product,
        readAt: body.read_at,
        dose: body.dose ?? null,
        route: body.route ?? null,
        withdrawalDays: body.withdrawal_days,
        riderId: body.rider_id ?? null,
      })),
    })
  })
  return rowsOf(db, ids)
}

/** Edits one treatment; its alert follows the new product, day and withdrawal. */
export async function updateTreatment(
  db: DB,
  input: { id: number; userId: number; body: UpdateTreatment },
): Promise<TreatmentRow> {
  const { body } = input
  await db.transaction().execute(async (trx) => {
    const before = mustExist(
      await trx
        .selectFrom('animal_treatments')
        .selectAll()
        .where('id', '=', input.id)
        .forUpdate()
        .executeTakeFirst(),
      'treatments',
    )
    const eid = before.establishment_id
    await checkRider(trx, eid, body.rider_id)
    const treatmentId = body.treatment_id ?? before.treatment_id
    const product = await lookupDescription(
      trx,
      'treatments',
      treatmentId,
      RIDER_MESSAGES.treatmentInvalid,
      'treatment_id',
    )
    const changes = {
      ...(body.read_at !== undefined && { read_at: `${body.read_at} 00:00:00` }),
      ...(body.treatment_id !== undefined &&
        body.treatment_id !== null && { treatment_id: body.treatment_id }),
      ...(body.dose !== undefined && { dose: body.dose }),
      ...(body.route !== undefined && { route: body.route }),
      ...(body.withdrawal_days !== undefined && { withdrawal_days: body.withdrawal_days }),
      ...(body.rider_id !== undefined && { rider_id: body.rider_id }),
    }
    if (Object.keys(changes).length === 0) throw invalid(RIDER_MESSAGES.nothingToChange)
    const readAt = body.read_at ?? before.read_at.slice(0, 10)
    const days = body.withdrawal_days ?? before.withdrawal_days
    const end = addDays(readAt, days)
    let alertId = before.alert_id
    if (days > 0 && alertId !== null) {
      await trx
        .updateTable('alerts')
        .set({
          description: withdrawalAlertText(product, end),
          ends_at: `${end} 00:00:00`,
          updated_at: new Date(),
        })
        .where('id', '=', alertId)
        .execute()
    } else if (days > 0) {
      const alert = await trx
        .insertInto('alerts')
        .values({
          establishment_id: eid,
          animal_id: before.animal_id,
          description: withdrawalAlertText(product, end),
          ends_at: `${end} 00:00:00`,
          created_by: input.userId,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      alertId = alert.id
    } else if (alertId !== null) {
      await trx
        .updateTable('alerts')
        .set({ active: false, updated_at: new Date() })
        .where('id', '=', alertId)
        .execute()
      alertId = null
    }
    await trx
      .updateTable('animal_treatments')
      .set({ ...changes, alert_id: alertId, updated_at: new Date(), version: sql`version + 1` })
      .where('id', '=', input.id)
      .execute()
    await recordAudit(trx, {
      userId: input.userId,
      establishmentId: eid,
      action: 'treatment_update',
      entity: 'treatment',
      entityId: input.id,
      before,
      after: { ...changes, alert_id: alertId },
    })
  })
  return getTreatment(db, input.id)
}

/** Deletes a treatment recorded by mistake; its withdrawal alert ends with it. */
export async function deleteTreatment(db: DB, input: { id: number; userId: number }) {
  await db.transaction().execute(async (trx) => {
    const before = mustExist(
      await trx
        .selectFrom('animal_treatments')
        .selectAll()
        .where('id', '=', input.id)
        .forUpdate()
        .executeTakeFirst(),
      'treatments',
    )
    await trx.deleteFrom('animal_treatments').where('id', '=', input.id).execute()
    if (before.alert_id !== null) {
      await trx
        .updateTable('alerts')
        .set({ active: false, updated_at: new Date() })
        .where('id', '=', before.alert_id)
        .execute()
    }
    await recordAudit(trx, {
      userId: input.userId,
      establishmentId: before.establishment_id,
      action: 'treatment_delete',
      entity: 'treatment',
      entityId: input.id,
      before,
    })
  })
}
