import { sql } from 'kysely'
import { recordAudit } from '~/db/audit.server'
import type { DB } from '~/db/database.server'
import { conflict, notFound } from '~/lib/domain-errors'
import { type EstablishmentDetail, ESTABLISHMENT_ADMIN_MESSAGES as M } from './establishment-admin.schema'

/**
 * Establishments as their configuration manages them (decision 032). Names are unique whatever their
 * case, accents and spacing: compared with `establishment_name_key` (migration 0007; not `lower()`,
 * which follows the database's locale), under one transaction lock shared by every create and
 * rename, so two of them sent together are judged one after the other.
 */
const NAME_LOCK = sql`select pg_advisory_xact_lock(hashtext('establishment_name'))`

function details(db: DB) {
  return db.selectFrom('establishments as e').select([
    'e.id',
    'e.name',
    'e.url_dashboard_cattle_handling',
    sql<boolean>`e.archived_at is not null`.as('archived'),
    sql<number>`(select count(*)::int from establishment_members m join users u on u.id = m.user_id
        where m.establishment_id = e.id and u.deactivated_at is null)`.as('members'),
    sql<number>`(select count(*)::int from establishment_members m join users u on u.id = m.user_id
        where m.establishment_id = e.id and m.is_admin and u.deactivated_at is null)`.as('administrators'),
  ])
}

/** Every establishment, archived ones too (superadministradores). */
export async function listAllEstablishments(db: DB): Promise<EstablishmentDetail[]> {
  return details(db)
    .orderBy('e.archived_at', (ob) => ob.desc().nullsFirst())
    .orderBy('e.name')
    .execute()
}

export async function getEstablishmentDetail(db: DB, id: number): Promise<EstablishmentDetail> {
  const row = await details(db).where('e.id', '=', id).executeTakeFirst()
  if (!row) throw notFound(M.notFound)
  return row
}

/** The establishment whose name has the same key as `name`, other than `except`. */
async function sameName(db: DB, name: string, except?: number) {
  let query = db
    .selectFrom('establishments')
    .select('name')
    .where(sql`establishment_name_key(name)`, '=', sql`establishment_name_key(${name})`)
  if (except !== undefined) query = query.where('id', '<>', except)
  return query.executeTakeFirst()
}

export async function createEstablishment(
  db: DB,
  input: { userId: number; name: string; url_dashboard_cattle_handling?: string | null },
): Promise<EstablishmentDetail> {
  return db.transaction().execute(async (trx) => {
    await NAME_LOCK.execute(trx)
    const taken = await sameName(trx, input.name)
    if (taken) throw conflict(M.duplicate(taken.name))
    const created = await trx
      .insertInto('establishments')
      .values({
        name: input.name,
        url_dashboard_cattle_handling: input.url_dashboard_cattle_handling ?? null,
      })
      .returning(['id', 'name', 'url_dashboard_cattle_handling'])
      .executeTakeFirstOrThrow()
    await recordAudit(trx, {
      userId: input.userId,
      establishmentId: created.id,
      action: 'establishment_create',
      entity: 'establishment',
      entityId: created.id,
      after: { name: created.name, url_dashboard_cattle_handling: created.url_dashboard_cattle_handling },
    })
    return getEstablishmentDetail(trx, created.id)
  })
}

export async function updateEstablishment(
  db: DB,
  input: { userId: number; id: number; name?: string; url_dashboard_cattle_handling?: string | null },
): Promise<EstablishmentDetail> {
  return db.transaction().execute(async (trx) => {
    if (input.name !== undefined) await NAME_LOCK.execute(trx)
    const before = await trx
      .selectFrom('establishments')
      .select(['name', 'url_dashboard_cattle_handling'])
      .where('id', '=', input.id)
      .forUpdate()
      .executeTakeFirst()
    if (!before) throw notFound(M.notFound)
    if (input.name !== undefined) {
      const taken = await sameName(trx, input.name, input.id)
      if (taken) throw conflict(M.duplicate(taken.name))
    }
    const changes = {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.url_dashboard_cattle_handling !== undefined
        ? { url_dashboard_cattle_handling: input.url_dashboard_cattle_handling }
        : {}),
    }
    await trx
      .updateTable('establishments')
      .set({ ...changes, updated_at: new Date(), version: sql`version + 1` })
      .where('id', '=', input.id)
      .execute()
    await recordAudit(trx, {
      userId: input.userId,
      establishmentId: input.id,
      action: 'establishment_update',
      entity: 'establishment',
      entityId: input.id,
      before,
      after: { ...before, ...changes },
    })
    return getEstablishmentDetail(trx, input.id)
  })
}

/** Archives (hidden from pickers, members lose access, data kept) or restores an establishment. */
export async function setEstablishmentArchived(
  db: DB,
  input: { userId: number; id: number; archived: boolean },
): Promise<EstablishmentDetail> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('establishments')
      .select('archived_at')
      .where('id', '=', input.id)
      .forUpdate()
      .executeTakeFirst()
    if (!row) throw notFound(M.notFound)
    if (input.archived && row.archived_at) throw conflict(M.alreadyArchived)
    if (!input.archived && !row.archived_at) throw conflict(M.notArchived)
    await trx
      .updateTable('establishments')
      .set({
        archived_at: input.archived ? new Date() : null,
        updated_at: new Date(),
        version: sql`version + 1`,
      })
      .where('id', '=', input.id)
      .execute()
    await recordAudit(trx, {
      userId: input.userId,
      establishmentId: input.id,
      action: input.archived ? 'establishment_archive' : 'establishment_unarchive',
      entity: 'establishment',
      entityId: input.id,
      before: { archived: !input.archived },
      after: { archived: input.archived },
    })
    return getEstablishmentDetail(trx, input.id)
  })
}
