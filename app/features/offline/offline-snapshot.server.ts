import { createHash } from 'node:crypto'
import { sql } from 'kysely'
import type { DB } from '~/db/database.server'
import { alertNotEnded } from '~/features/alerts/alerts.server'
import { frameworkNames } from '~/features/establishments/framework-cache.server'
import { SNAPSHOT_COLUMNS, SNAPSHOT_FORMAT } from './offline.schema'

/**
 * The offline chute's lookup snapshot of an establishment (offline.schema.ts), as JSON text. The
 * database writes the animals' array itself (one `json_agg` over the live herd, the latest weight
 * stored on the animal, its latest pregnancy check by primary key, its active alerts grouped once):
 * 100,000 animals would cost far more as 100,000 JavaScript objects serialized again here. The
 * text is handed on unparsed; `version` is a hash of it, so it changes exactly when the content does.
 */
export async function offlineSnapshotJson(db: DB, establishmentId: number): Promise<string> {
  const { rows } = await sql<{ animals: string }>`
    with active_alerts as (
      select animal_id, json_agg(json_build_array(id, description) order by created_at, id) as list
      from alerts
      where establishment_id = ${establishmentId} and active and ${alertNotEnded('alerts')}
      group by animal_id
    )
    select coalesce(json_agg(json_build_array(
      a.id, a.visual_tag, a.electronic_tag, a.animal_type_id, a.rodeo_id, a.sex_id,
      a.last_weight, to_char(a.last_weight_read_at, 'YYYY-MM-DD HH24:MI:SS'),
      pc.pregnancy_check_detail_id, to_char(pc.read_at, 'YYYY-MM-DD'), pc.id,
      coalesce(al.list, '[]'::json)
    ) order by a.visual_tag), '[]'::json)::text as animals
    from animals a
    left join pregnancy_checks pc on pc.id = a.last_pregnancy_check_id
    left join active_alerts al on al.animal_id = a.id
    where a.establishment_id = ${establishmentId} and a.deleted_at is null
  `.execute(db)
  const animals = rows[0]?.animals ?? '[]'
  const framework = await frameworkNames(db, establishmentId)
  const entries = (map: Map<number, string>) => [...map.entries()]
  const names = {
    categories: entries(framework.lookups.animal_types),
    rodeos: entries(framework.rodeos),
    sexes: entries(framework.lookups.sexes),
    pregnancy_check_details: entries(framework.lookups.pregnancy_check_details),
  }
  const namesJson = JSON.stringify(names)
  const version = createHash('sha256').update(namesJson).update(animals).digest('hex').slice(0, 16)
  const head = {
    format: SNAPSHOT_FORMAT,
    establishment_id: establishmentId,
    version,
    generated_at: new Date().toISOString(),
    columns: SNAPSHOT_COLUMNS,
    names,
  }
  // The head's JSON without its closing brace, then the animals' array as the database wrote it.
  return `${JSON.stringify(head).slice(0, -1)},"animals":${animals}}`
}
