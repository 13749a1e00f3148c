import { sql } from 'kysely'
import type { DB } from '~/db/database.server'
import type { ActiveAlertsQuery, Alert } from './alerts.schema'

/** Unknown or of another establishment: one answer, so alert ids cannot be probed. */
export const ALERT_NOT_FOUND = 'Alguna de las alertas no existe'
export const ONE_ALERT_NOT_FOUND = 'La alerta no existe'

type AlertRow = {
  id: number
  animal_id: string
  description: string
  active: boolean
  read_at: Date | null
  created_at: Date
  updated_at: Date
  visual_tag: string | null
}

const iso = (value: Date | string | null) =>
  value === null ? null : value instanceof Date ? value.toISOString() : value

function toAlert(row: AlertRow): Alert {
  return {
    id: Number(row.id),
    animal_id: row.animal_id,
    description: row.description,
    active: row.active ? 1 : 0,
    read_at: iso(row.read_at),
    created_at: iso(row.created_at) ?? '',
    updated_at: iso(row.updated_at) ?? '',
    visual_tag: row.visual_tag,
  }
}

/**
 * Creates one alert per item with a single `insert … select from unnest`, audited in the same
 * statement. The animals were checked to be live animals of `establishmentId` by the caller
 * (establishmentOfAnimals); the composite foreign key refuses any other anyway.
 */
export async function createAlerts(
  db: DB,
  input: {
    establishmentId: number
    userId: number
    alerts: { description: string; active: boolean; animal_id: string }[]
  },
) {
  const animalIds = input.alerts.map((alert) => alert.animal_id)
  const descriptions = input.alerts.map((alert) => alert.description)
  const actives = input.alerts.map((alert) => alert.active)
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<AlertRow>`
      with created as (
        insert into alerts (establishment_id, animal_id, description, active, created_by)
        select ${input.establishmentId}, u.animal_id, u.description, u.active, ${input.userId}
        from unnest(${animalIds}::uuid[], ${descriptions}::text[], ${actives}::boolean[])
          with ordinality as u(animal_id, description, active, n)
        order by u.n
        returning *
      ),
      audited as (
        insert into audit_log (user_id, establishment_id, action, entity, entity_id, after)
        select ${input.userId}, ${input.establishmentId}, 'alert_create', 'alert', c.id::text,
          jsonb_build_object('animal_id', c.animal_id, 'description', c.description, 'active', c.active)
        from created c
        returning 1
      )
      select c.id, c.animal_id, c.description, c.active, c.read_at, c.created_at, c.updated_at,
        a.visual_tag
      from created c join animals a on a.id = c.animal_id
      order by c.id
    `.execute(trx)
    return rows.map(toAlert)
  })
}

/** The establishments of the given alerts, or undefined when any id is unknown. */
export async function establishmentsOfAlerts(db: DB, alertIds: readonly number[]) {
  const ids = [...new Set(alertIds)]
  const { rows } = await sql<{ establishment_id: number; n: number }>`
    select establishment_id, count(*)::int as n from alerts where id = any(${ids}::bigint[])
    group by establishment_id
  `.execute(db)
  const found = rows.reduce((sum, row) => sum + row.n, 0)
  if (found !== ids.length) return undefined
  return rows.map((row) => row.establishment_id)
}

/**
 * Marks alerts read (no longer active) in one statement, audited alongside. Already read alerts
 * stay as they were: marking twice is harmless.
 */
export async function markAlertsRead(db: DB, input: { alertIds: readonly number[]; userId: number }) {
  const ids = [...new Set(input.alertIds)]
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ updated: number }>`
      with changed as (
        update alerts
        set active = false, read_at = now(), read_by = ${input.userId}, updated_at = now()
        where id = any(${ids}::bigint[]) and active
        returning id, establishment_id
      ),
      audited as (
        insert into audit_log (user_id, establishment_id, action, entity, entity_id, before, after)
        select ${input.userId}, c.establishment_id, 'alert_mark_read', 'alert', c.id::text,
          '{"active": true}'::jsonb, '{"active": false}'::jsonb
        from changed c
        returning 1
      )
      select count(*)::int as updated from audited
    `.execute(trx)
    return { alerts: ids.length, updated: rows[0]?.updated ?? 0 }
  })
}

/**
 * An active alert whose end has not come (decision 036): a treatment's withdrawal alert carries
 * `ends_at` and stops being active by itself then, with nobody marking it read. Every reader of
 * active alerts adds this to `active`.
 */
export const alertNotEnded = (alias: string) =>
  sql<boolean>`(${sql.ref(`${alias}.ends_at`)} is null or ${sql.ref(`${alias}.ends_at`)} > localtimestamp)`

/** The manage tab: an establishment's active alerts, newest first, filtered by IDV and description. */
export async function listActiveAlerts(db: DB, establishmentId: number, q: ActiveAlertsQuery) {
  let query = db
    .selectFrom('alerts as al')
    .innerJoin('animals as a', 'a.id', 'al.animal_id')
    .where('al.establishment_id', '=', establishmentId)
    .where('al.active', '=', true)
    .where(alertNotEnded('al'))
  const likeEscape = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`)
  if (q.visual_tag) query = query.where('a.visual_tag', 'ilike', `%${likeEscape(q.visual_tag)}%`)
  if (q.description) query = query.where('al.description', 'ilike', `%${likeEscape(q.description)}%`)
  const [count, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst(),
    query
      .select([
        'al.id',
        'al.animal_id',
        'al.description',
        'al.active',
        'al.read_at',
        'al.created_at',
        'al.updated_at',
        sql<string | null>`case when a.deleted_at is null then a.visual_tag end`.as('visual_tag'),
      ])
      .orderBy('al.created_at', 'desc')
      .orderBy('al.id', 'desc')
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage)
      .execute(),
  ])
  const total = Number(count?.total ?? 0)
  return {
    data: rows.map((row) => toAlert(row as unknown as AlertRow)),
    meta: {
      current_page: q.page,
      per_page: q.perPage,
      total,
      last_page: Math.max(1, Math.ceil(total / q.perPage)),
    },
  }
}

/** The active alerts of one animal, oldest first (the order the animals list shows them in). */
export async function activeAlertsOfAnimal(db: DB, animalId: string): Promise<Alert[]> {
  const rows = await db
    .selectFrom('alerts as al')
    .innerJoin('animals as a', 'a.id', 'al.animal_id')
    .select([
      'al.id',
      'al.animal_id',
      'al.description',
      'al.active',
      'al.read_at',
      'al.created_at',
      'al.updated_at',
      'a.visual_tag',
    ])
    .where('al.animal_id', '=', animalId)
    .where('al.active', '=', true)
    .where(alertNotEnded('al'))
    .orderBy('al.created_at')
    .orderBy('al.id')
    .execute()
  return rows.map(toAlert)
}
