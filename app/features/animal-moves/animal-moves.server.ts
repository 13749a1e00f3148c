import { sql } from 'kysely'
import type { DB } from '~/db/database.server'
import { analyzeAfterBulkWrite, BULK_WRITE_MIN_ROWS } from '~/db/upkeep.server'
import { sexMismatchMessage } from '~/features/animals/animals.rules'
import type { AuthenticatedUser } from '~/features/auth/auth.server'
import { impliedSexOf } from '~/features/lookups/lookup-values'
import { DEATH_CHECK_OUT_TYPE, DEATH_RULE_MESSAGES } from '~/features/riders/deaths.rules'
import { invalid, notFound } from '~/lib/domain-errors'

export const ANIMALS_NOT_FOUND =
  'Alguno de los animales no existe, fue eliminado o es de otro establecimiento: no se modificó ninguno'
/** Only ever about establishments the caller belongs to (a superadmin belongs to all). */
export const ANIMALS_MIXED = 'Los animales pertenecen a distintos establecimientos'
export const RODEO_NOT_FOUND = 'El rodeo no existe'

type Caller = Pick<AuthenticatedUser, 'id' | 'is_super_admin'>

/**
 * The one establishment of the caller's that a set of live animals belongs to, found with a single
 * set-based query. Only the caller's establishments are searched, so an unknown, a deleted and
 * another establishment's animal are the same thing here: one answer, ANIMALS_NOT_FOUND, which
 * tells nothing about animals the caller may not see. A bulk change never spans establishments;
 * animals of two of the caller's own are refused as ANIMALS_MIXED.
 */
export async function establishmentOfAnimals(db: DB, caller: Caller, animalIds: readonly string[]) {
  const ids = [...new Set(animalIds)]
  const { rows } = await sql<{ establishment_id: number; n: number }>`
    select a.establishment_id, count(*)::int as n
    from animals a
    where a.id = any(${ids}::uuid[]) and a.deleted_at is null
      and (${caller.is_super_admin} or exists (
        select 1 from establishment_members m
        where m.user_id = ${caller.id} and m.establishment_id = a.establishment_id
      ))
    group by a.establishment_id
  `.execute(db)
  const found = rows.reduce((sum, row) => sum + row.n, 0)
  if (found !== ids.length) throw invalid(ANIMALS_NOT_FOUND)
  if (rows.length > 1) throw invalid(ANIMALS_MIXED)
  const [only] = rows
  if (!only) throw invalid(ANIMALS_NOT_FOUND)
  return only.establishment_id
}

/** The establishment a rodeo belongs to; undefined for an unknown rodeo. */
export async function rodeoEstablishment(db: DB, rodeoId: number) {
  const rodeo = await db
    .selectFrom('rodeos')
    .select('establishment_id')
    .where('id', '=', rodeoId)
    .executeTakeFirst()
  return rodeo?.establishment_id
}

/** A rodeo, once the caller's access to its establishment is checked (rodeoEstablishment). */
export async function findRodeo(db: DB, rodeoId: number) {
  const rodeo = await db
    .selectFrom('rodeos')
    .select(['id', 'establishment_id', 'description'])
    .where('id', '=', rodeoId)
    .executeTakeFirst()
  if (!rodeo) throw notFound(RODEO_NOT_FOUND)
  return rodeo
}

export async function findCategory(db: DB, animalTypeId: number) {
  const category = await db
    .selectFrom('animal_types')
    .select(['id', 'description'])
    .where('id', '=', animalTypeId)
    .executeTakeFirst()
  if (!category) throw notFound('La categoría no existe')
  return category
}

type MoveColumn = 'rodeo_id' | 'animal_type_id'

/** Tags named in a refusal; the count says how many there are in all. */
const TAGS_SHOWN = 5

/**
 * Moves every given animal of the establishment to a rodeo or category in one transaction and
 * one statement: the rows are locked, changed and audited with `update … from` and
 * `insert into audit_log … select`, so 10,000 animals cost one round trip, not 10,000. If any id is
 * not a live animal of the establishment the transaction rolls back: all move or none does.
 *
 * A category that implies a sex (`category` given, decision 010) follows the single edit's rule in
 * the same statement: if any animal's recorded sex contradicts it nothing is changed and the answer
 * names them; an animal without a recorded sex gets the category's.
 */
export async function assignAnimals(
  db: DB,
  input: {
    establishmentId: number
    column: MoveColumn
    targetId: number
    animalIds: readonly string[]
    userId: number
    /** Moves to a category: its name, for the sex it implies. */
    category?: string
  },
) {
  const ids = [...new Set(input.animalIds)]
  const action = input.column === 'rodeo_id' ? 'animal_assign_rodeo' : 'animal_assign_type'
  const column = sql.ref(input.column)
  const impliedSex = input.column === 'animal_type_id' ? (impliedSexOf(input.category) ?? null) : null
  const moved = await db.transaction().execute(async (trx) => {
    const { rows } = await sql<{
      matched: number
      updated: number
      conflicts: number
      conflict_tags: string[] | null
      dead: number
      dead_tags: string[] | null
    }>`
      with implied as (select id from sexes where description = ${impliedSex}::text),
      targets as (
        select a.id, a.visual_tag, a.${column} as before, a.sex_id as before_sex, a.check_out_type_id
        from animals a
        where a.id = any(${ids}::uuid[])
          and a.establishment_id = ${input.establishmentId}
          and a.deleted_at is null
        for no key update
      ),
      conflicts as (
        select t.visual_tag from targets t cross join implied i
        where t.before_sex is not null and t.before_sex <> i.id
      ),
      -- A dead animal is not moved (decision 036): the whole move is refused, naming them.
      dead as (
        select t.visual_tag from targets t join check_out_types cot on cot.id = t.check_out_type_id
        where cot.description = ${DEATH_CHECK_OUT_TYPE}
      ),
      changed as (
        update animals a
        set ${column} = ${input.targetId},
            sex_id = coalesce(a.sex_id, (select id from implied)),
            updated_at = now(),
            updated_by = ${input.userId},
            version = a.version + 1
        from targets t
        where a.id = t.id
          and not exists (select 1 from conflicts)
          and not exists (select 1 from dead)
          and (t.before is distinct from ${input.targetId}::integer
            or (t.before_sex is null and exists (select 1 from implied)))
        returning a.id, t.before, t.before_sex, a.sex_id
      ),
      audited as (
        insert into audit_log (user_id, establishment_id, action, entity, entity_id, before, after)
        select ${input.userId}, ${input.establishmentId}, ${action}, 'animal', c.id::text,
          jsonb_build_object(${input.column}::text, c.before)
            || case when c.sex_id is distinct from c.before_sex
              then jsonb_build_object('sex_id', c.before_sex) else '{}'::jsonb end,
          jsonb_build_object(${input.column}::text, ${input.targetId}::integer)
            || case when c.sex_id is distinct from c.before_sex
              then jsonb_build_object('sex_id', c.sex_id) else '{}'::jsonb end
        from changed c
        returning 1
      )
      select (select count(*) from targets)::int as matched,
        (select count(*) from audited)::int as updated,
        (select count(*) from conflicts)::int as conflicts,
        (select array_agg(visual_tag) from
          (select visual_tag from conflicts order by visual_tag limit ${TAGS_SHOWN}) shown) as conflict_tags,
        (select count(*) from dead)::int as dead,
        (select array_agg(visual_tag) from
          (select visual_tag from dead order by visual_tag limit ${TAGS_SHOWN}) shown) as dead_tags
    `.execute(trx)
    const result = rows[0] ?? {
      matched: 0,
      updated: 0,
      conflicts: 0,
      conflict_tags: null,
      dead: 0,
      dead_tags: null,
    }
    // Rolls the whole change back: an unknown, deleted or foreign animal moves nothing.
    if (result.matched !== ids.length) throw invalid(ANIMALS_NOT_FOUND)
    if (result.dead > 0) throw invalid(DEATH_RULE_MESSAGES.deadMoved(result.dead_tags ?? [], result.dead))
    if (result.conflicts > 0 && impliedSex) {
      throw invalid(
        sexMismatchMessage(input.category ?? '', impliedSex, result.conflicts, result.conflict_tags ?? []),
      )
    }
    return { animals: ids.length, updated: result.updated }
  })
  // Fewer rows than autovacuum's smallest threshold cannot make a table due: no look at the counters.
  if (moved.updated >= BULK_WRITE_MIN_ROWS) await analyzeAfterBulkWrite(db, ['animals'])
  return moved
}
