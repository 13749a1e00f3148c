/**
 * The database past one establishment (issue 18, part 6; docs/decisions/028): `npm run bench --
 * --establishments 50 --animals 1000000` fills a PostgreSQL database with the demo, one measured
 * establishment of 100,000 animals (the demo's generator, with its events) and, written by
 * set-based SQL (`generate_series`, one statement per establishment), the rest of the herd spread
 * over the other establishments. The in-process cases then run against the measured establishment
 * while every index holds ten times its rows. The generated herds have no events: the list reads an
 * establishment's own rows through indexes led by `establishment_id`, and the events of other
 * establishments only deepen the event indexes, which the measured one's own 600,000 events already do.
 */
import { sql } from 'kysely'
import type { DB } from '~/db/database.server'
import { ensureLookups, lookupId } from '~/db/lookups.server'
import { ANIMAL_TYPES, SEX_OF_ANIMAL_TYPE } from '~/features/lookups/lookup-values'

/** The measured establishment's size when the database holds many (the size). */
export const SCALE_LARGE_ANIMALS = 100_000
/** The demo's three establishments and the measured one come first. */
const FIXED_ESTABLISHMENTS = 4

export interface ScalePlan {
  /** Establishments in the database when seeded, demo included. */
  establishments: number
  /** Animals in the database when seeded, demo included. */
  animals: number
}

/** Why a plan cannot be seeded, or undefined: enough establishments, and animals for each. */
export function scalePlanProblem(plan: ScalePlan): string | undefined {
  if (plan.establishments <= FIXED_ESTABLISHMENTS) {
    return `--establishments must be more than ${FIXED_ESTABLISHMENTS} (the demo's 3 and the measured one)`
  }
  const spare = plan.animals - SCALE_LARGE_ANIMALS - 10_000
  if (spare < (plan.establishments - FIXED_ESTABLISHMENTS) * 100) {
    return `--animals must leave at least 100 animals for each generated establishment beyond the measured ${SCALE_LARGE_ANIMALS.toLocaleString('en-US')} and the demo`
  }
  return undefined
}

export interface ScaleSeedSummary {
  establishments: number
  animals: number
}

/**
 * Adds establishments (a rodeo set, an owner) and live animals until the database holds the plan's
 * counts, in one transaction. Every animal is valid as the app writes them: its category's sex, the
 * establishment's rodeos and owner, tags unique among the live (electronic tags in a block no
 * seeded animal uses: country code 858), one in ten sold.
 */
export async function seedOtherEstablishments(db: DB, plan: ScalePlan): Promise<ScaleSeedSummary> {
  return db.transaction().execute(async (trx) => {
    const lookups = await ensureLookups(trx)
    const { rows: counts } = await sql<{ establishments: number; animals: number }>`
      select (select count(*)::int from establishments) as establishments,
             (select count(*)::int from animals) as animals`.execute(trx)
    const have = counts[0] ?? { establishments: 0, animals: 0 }
    const establishments = plan.establishments - have.establishments
    const animals = plan.animals - have.animals
    if (establishments <= 0 || animals < establishments) {
      throw new Error(
        `the database already holds ${have.establishments} establishments, ${have.animals} animals`,
      )
    }
    const created = await trx
      .insertInto('establishments')
      .values(
        Array.from({ length: establishments }, (_, i) => ({
          name: `Establecimiento ${String(i + 1).padStart(3, '0')} (escala)`,
        })),
      )
      .returning('id')
      .execute()
    const ids = created.map((e) => e.id)
    await sql`
      insert into rodeos (establishment_id, description)
      select e, d from unnest(${ids}::int[]) e
      cross join unnest(array['Cría', 'Recría', 'Invernada', 'Vaquillonas']) d`.execute(trx)
    await sql`insert into owners (establishment_id, name) select e, 'Titular' from unnest(${ids}::int[]) e`.execute(
      trx,
    )
    const typesOf = (sex: 'Hembra' | 'Macho') =>
      ANIMAL_TYPES.filter((t) => SEX_OF_ANIMAL_TYPE[t] === sex).map((t) =>
        lookupId(lookups, 'animal_types', t),
      )
    const all = (table: 'breeds' | 'colors' | 'check_in_types') => [...lookups[table].values()]
    const female = lookupId(lookups, 'sexes', 'Hembra')
    const male = lookupId(lookups, 'sexes', 'Macho')
    const active = lookupId(lookups, 'status_types', 'Activo')
    const sold = lookupId(lookups, 'status_types', 'Vendido')
    const sale = lookupId(lookups, 'check_out_types', 'Venta')
    const females = typesOf('Hembra')
    const males = typesOf('Macho')
    const breeds = all('breeds')
    const colors = all('colors')
    const checkIns = all('check_in_types')
    const each = Math.floor(animals / establishments)
    for (const [index, eid] of ids.entries()) {
      // The remainder goes to the first ones, so the total is exact.
      const n = each + (index < animals % establishments ? 1 : 0)
      await sql`
        insert into animals (
          establishment_id, visual_tag, electronic_tag, rodeo_id, animal_type_id, breed_id, color_id,
          sex_id, check_in_type_id, check_in_date, check_out_type_id, check_out_date, owner_id,
          current_status_id, date_of_birth, weight_at_birth, created_at, updated_at)
        select ${eid}, 'S' || lpad(g::text, 7, '0'),
          '858' || lpad(${index + 1}::text, 4, '0') || lpad(g::text, 8, '0'),
          r.ids[1 + g % cardinality(r.ids)],
          case when g % 2 = 0 then (${females}::int[])[1 + (g / 2) % ${females.length}::int]
               else (${males}::int[])[1 + (g / 2) % ${males.length}::int] end,
          (${breeds}::int[])[1 + (g / 7) % ${breeds.length}::int],
          (${colors}::int[])[1 + (g / 3) % ${colors.length}::int],
          case when g % 2 = 0 then ${female}::int else ${male}::int end,
          (${checkIns}::int[])[1 + (g / 5) % ${checkIns.length}::int],
          timestamp '2024-01-01' + (g % 700) * interval '1 day',
          case when g % 10 = 0 then ${sale}::int end,
          case when g % 10 = 0 then timestamp '2026-06-01' + (g % 150) * interval '1 day' end,
          o.id,
          case when g % 10 = 0 then ${sold}::int else ${active}::int end,
          timestamp '2022-01-01' + (g % 900) * interval '1 day',
          25 + g % 20,
          timestamptz '2024-01-01 12:00:00-03' + (g % 700) * interval '1 day',
          timestamptz '2024-01-01 12:00:00-03' + (g % 700) * interval '1 day'
        from generate_series(1, ${n}::int) g
        cross join (select array_agg(id order by id) as ids from rodeos where establishment_id = ${eid}) r
        cross join (select min(id) as id from owners where establishment_id = ${eid}) o`.execute(trx)
    }
    return { establishments: ids.length, animals }
  })
}

/** The whole database's size on disk, tables and indexes. */
export async function databaseBytes(db: DB) {
  const { rows } = await sql<{
    bytes: string
  }>`select pg_database_size(current_database())::text as bytes`.execute(db)
  return Number(rows[0]?.bytes ?? 0)
}
