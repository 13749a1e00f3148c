import type { Kysely } from 'kysely'
import { LOOKUP_VALUES, type LookupTableName } from '~/features/lookups/lookup-values'
import type { Database } from './schema'

export type LookupIds = Record<LookupTableName, Map<string, number>>

/**
 * Writes the general and rider lookups (spec section 5) that are missing, and returns the id of
 * every value by its description. Idempotent: existing rows keep their ids, so it is safe on a
 * database in use (db:migrate runs it too, so a production database gets them without demo data).
 */
export async function ensureLookups(db: Kysely<Database>): Promise<LookupIds> {
  const ids = {} as LookupIds
  for (const [table, values] of Object.entries(LOOKUP_VALUES) as [LookupTableName, readonly string[]][]) {
    await db
      .insertInto(table)
      .values(values.map((description) => ({ description })))
      .onConflict((oc) => oc.column('description').doNothing())
      .execute()
    const rows = await db.selectFrom(table).select(['id', 'description']).execute()
    ids[table] = new Map(rows.map((r) => [r.description, r.id]))
  }
  return ids
}

/** The id of a lookup value; a missing value is a bug in the generator, not bad input. */
export function lookupId(ids: LookupIds, table: LookupTableName, description: string): number {
  const id = ids[table].get(description)
  if (id === undefined) throw new Error(`Valor de ${table} desconocido: ${description}`)
  return id
}
