import { sql } from 'kysely'
import { recordAudit } from '~/db/audit.server'
import type { DB } from '~/db/database.server'
import { conflict } from '~/lib/domain-errors'
import { RODEO_MESSAGES, type Rodeo, rodeoNameKey } from './rodeos.schema'

/** The establishment's rodeos by name, each with its live (not deleted) animals. */
export async function listRodeos(db: DB, establishmentId: number): Promise<Rodeo[]> {
  const { rows } = await sql<Rodeo>`
    select r.id, r.description as name,
      (select count(*)::int from animals a
        where a.establishment_id = r.establishment_id and a.rodeo_id = r.id and a.deleted_at is null) as animals
    from rodeos r
    where r.establishment_id = ${establishmentId}
    order by lower(r.description), r.id`.execute(db)
  return rows
}

/**
 * Creates a rodeo named `name` (already trimmed by the schema). Names are unique per establishment
 * whatever their case: the table's constraint is case-sensitive, so the check is made here, under a
 * per-establishment transaction lock that makes two simultaneous "Norte"/"norte" wait for each other.
 * The framework cache (decision 027) follows by the table's trigger.
 */
export async function createRodeo(
  db: DB,
  input: { establishmentId: number; userId: number; name: string },
): Promise<Rodeo> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('rodeo_create'), ${input.establishmentId}::int)`.execute(
      trx,
    )
    // Compared here, not with SQL's lower(): that follows the database's locale, and a C-locale
    // PostgreSQL leaves 'Í' as it is. An establishment has tens of rodeos, not thousands.
    const existing = await trx
      .selectFrom('rodeos')
      .select('description')
      .where('establishment_id', '=', input.establishmentId)
      .execute()
    const key = rodeoNameKey(input.name)
    const taken = existing.find((rodeo) => rodeoNameKey(rodeo.description) === key)
    if (taken) throw conflict(RODEO_MESSAGES.duplicate(taken.description))
    const created = await trx
      .insertInto('rodeos')
      .values({ establishment_id: input.establishmentId, description: input.name })
      .returning(['id', 'description'])
      .executeTakeFirstOrThrow()
    await recordAudit(trx, {
      userId: input.userId,
      establishmentId: input.establishmentId,
      action: 'rodeo_create',
      entity: 'rodeo',
      entityId: created.id,
      after: { description: created.description },
    })
    return { id: created.id, name: created.description, animals: 0 }
  })
}
