import { sql } from 'kysely'
import type { DB } from '~/db/database.server'

export interface ServiceOutcomeRow {
  service_id: number
  animal_id: string
  read_at: string
  cattle_handling_id: number
  bull_id: number | null
  inseminator_id: number | null
  pregnancy_check_detail_id: number | null
}

/**
 * The IATF outcomes the triggers keep (`service_outcomes`, migration 0018) and those computed afresh
 * from every service and check by the same rule (`service_outcomes_computed`), both in service order:
 * the recompute tests expect them equal after each write path.
 */
export async function keptAndFreshOutcomes(db: DB) {
  const columns = sql`service_id::int as service_id, establishment_id, animal_id, read_at, cattle_handling_id,
    bull_id, inseminator_id, pregnancy_check_detail_id`
  const kept = await sql<ServiceOutcomeRow>`
    select ${columns} from service_outcomes order by service_id`.execute(db)
  const fresh = await sql<ServiceOutcomeRow>`
    select ${columns}
    from service_outcomes_computed(array(select id from animals)) order by service_id`.execute(db)
  return { kept: kept.rows, fresh: fresh.rows }
}
