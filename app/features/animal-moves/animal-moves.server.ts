import { sql } from 'kysely'
import { ApiError } from '~/api/lib/errors'
import type { DB } from '~/db/database.server'

export const ANIMALS_NOT_FOUND =
  'Alguno de los animales no existe, fue eliminado o es de otro establecimiento: no se modificó ninguno'
export const ANIMALS_MIXED = 'Los animales pertenecen a distintos establecimientos'

/**
 * The one establishment a set of live animals belongs to, found with a single set-based query.
 * Unknown or deleted ids, or animals of several establishments, are refused: a bulk change never
 * spans establishments, so the caller's membership is checked once, for this one.
 */
export async function establishmentOfAnimals(db: DB, animalIds: readonly string[]) {
  const ids = [...new Set(animalIds)]
  const { rows } = await sql<{ establishment_id: number; n: number }>`
    select establishment_id, count(*)::int as n
    from animals
    where id = any(${ids}::uuid[]) and deleted_at is null
    group by establishment_id
  `.execute(db)
  if (rows.length > 1) throw new ApiError(400, ANIMALS_MIXED)
  const [only] = rows
  if (!only || only.n !== ids.length) throw new ApiError(400, ANIMALS_NOT_FOUND)
  return only.establishment_id
}

export async function findRodeo(db: DB, rodeoId: number) {
  const rodeo = await db
    .selectFrom('rodeos')
    .select(['id', 'establishment_id', 'description'])
    .where('id', '=', rodeoId)
    .executeTakeFirst()
  if (!rodeo) throw new ApiError(404, 'El rodeo no existe')
  return rodeo
}

export async function findCategory(db: DB, animalTypeId: number) {
  const category = await db
    .selectFrom('animal_types')
    .select(['id', 'description'])
    .where('id', '=', animalTypeId)
    .executeTakeFirst()
  if (!category) throw new ApiError(404, 'La categoría no existe')
  return category
}

type MoveColumn = 'rodeo_id' | 'animal_type_id'

/**
 * Moves every given animal of the establishment to a rodeo or category in one transaction and
 * one statement: the rows are locked, changed and audited with `update … from` and
 * `insert into audit_log … select`, so 10,000 animals cost one round trip, not 10,000. If any id is
 * not a live animal of the establishment the transaction rolls back: all move or none does.
 */
export async function assignAnimals(
  db: DB,
  input: {
    establishmentId: number
    column: MoveColumn
    targetId: number
    animalIds: readonly string[]
    userId: number
  },
) {
  const ids = [...new Set(input.animalIds)]
  const action = input.column === 'rodeo_id' ? 'animal_assign_rodeo' : 'animal_assign_type'
  const column = sql.ref(input.column)
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ matched: number; updated: number }>`
      with targets as (
        select a.id, a.${column} as before
        from animals a
        where a.id = any(${ids}::uuid[])
          and a.establishment_id = ${input.establishmentId}
          and a.deleted_at is null
        for no key update
      ),
      changed as (
        update animals a
        set ${column} = ${input.targetId},
            updated_at = now(),
            updated_by = ${input.userId},
            version = a.version + 1
        from targets t
        where a.id = t.id and t.before is distinct from ${input.targetId}::integer
        returning a.id, t.before
      ),
      audited as (
        insert into audit_log (user_id, establishment_id, action, entity, entity_id, before, after)
        select ${input.userId}, ${input.establishmentId}, ${action}, 'animal', c.id::text,
          jsonb_build_object(${input.column}::text, c.before),
          jsonb_build_object(${input.column}::text, ${input.targetId}::integer)
        from changed c
        returning 1
      )
      select (select count(*) from targets)::int as matched, (select count(*) from audited)::int as updated
    `.execute(trx)
    const result = rows[0] ?? { matched: 0, updated: 0 }
    // Rolls the whole change back: an unknown, deleted or foreign animal moves nothing.
    if (result.matched !== ids.length) throw new ApiError(400, ANIMALS_NOT_FOUND)
    return { animals: ids.length, updated: result.updated }
  })
}
