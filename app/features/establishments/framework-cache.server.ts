import { sql } from 'kysely'
import type { DB } from '~/db/database.server'

/** The general lookups the animal list and its filters name, by table. */
export const NAMED_LOOKUPS = [
  'status_types',
  'breeds',
  'colors',
  'check_in_types',
  'check_out_types',
  'animal_types',
  'sexes',
  'birth_types',
  'weighing_times',
  'body_condition_details',
  'pregnancy_check_details',
  'reproductive_grades',
  'ovarian_statuses',
] as const
export type NamedLookup = (typeof NAMED_LOOKUPS)[number]

export interface LookupEntry {
  id: number
  description: string
}

/**
 * An establishment's framework as of one database state (its token, migration 0006): every
 * general lookup by id (in id order), its rodeos (in the database's description order), bulls and
 * inseminators.
 */
export interface FrameworkNames {
  token: string
  lookups: Record<NamedLookup, Map<number, string>>
  /** Each general lookup's entries in id order (the filter dropdowns' order). */
  ordered: Record<NamedLookup, LookupEntry[]>
  rodeos: Map<number, string>
  /** The establishment's rodeos in use (not archived) ordered by description, as the database collates it. */
  rodeosOrdered: LookupEntry[]
  bulls: Map<number, string>
  inseminators: Map<number, { first_name: string; last_name: string }>
}

/**
 * At most this many establishments' frameworks are kept per process (a few KB each); the oldest
 * loaded goes first. Keyed by establishment id and checked against the database's token on every
 * use, so an entry of another database (tests open many) is simply reloaded.
 */
const MAX_ENTRIES = 500
const cache = new Map<number, FrameworkNames>()

/** The database's current framework token, as a SQL expression to select beside the rows it names. */
export const frameworkToken = sql<string>`(select token::text from framework_version)`

/**
 * The establishment's framework names. With `token` (read in the same statement as the rows being
 * named), the cached entry is used when it was loaded at that token; otherwise (or without a token)
 * the whole framework is read in one statement, so the names and the token come from one snapshot.
 */
export async function frameworkNames(
  db: DB,
  establishmentId: number,
  token?: string,
): Promise<FrameworkNames> {
  const cached = cache.get(establishmentId)
  if (cached && token !== undefined && cached.token === token) return cached
  const loaded = await loadFramework(db, establishmentId)
  cache.delete(establishmentId)
  cache.set(establishmentId, loaded)
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value as number)
  return loaded
}

async function loadFramework(db: DB, establishmentId: number): Promise<FrameworkNames> {
  const general = NAMED_LOOKUPS.map(
    (table) =>
      sql`select ${table}::text as kind, id, description as a, null::text as b, 0::bigint as ord from ${sql.table(table)}`,
  )
  const { rows } = await sql<{ kind: string; id: number | null; a: string; b: string | null; ord: number }>`
    select 'token' as kind, null::int as id, token::text as a, null::text as b, 0::bigint as ord from framework_version
    union all ${sql.join(general, sql` union all `)}
    union all select 'rodeos', id, description, case when archived_at is null then null else 'archived' end,
      row_number() over (order by description)
      from rodeos where establishment_id = ${establishmentId}
    union all select 'bulls', id, alias, null, 0 from bulls where establishment_id = ${establishmentId}
    union all select 'inseminators', id, first_name, last_name, 0
      from inseminators where establishment_id = ${establishmentId}
  `.execute(db)
  const names: FrameworkNames = {
    token: '',
    lookups: Object.fromEntries(NAMED_LOOKUPS.map((t) => [t, new Map()])) as FrameworkNames['lookups'],
    ordered: Object.fromEntries(NAMED_LOOKUPS.map((t) => [t, []])) as unknown as FrameworkNames['ordered'],
    rodeos: new Map(),
    rodeosOrdered: [],
    bulls: new Map(),
    inseminators: new Map(),
  }
  const rodeos: (LookupEntry & { ord: number; archived: boolean })[] = []
  for (const row of rows) {
    if (row.kind === 'token') names.token = row.a
    else if (row.id === null) continue
    else if (row.kind === 'rodeos')
      rodeos.push({ id: row.id, description: row.a, ord: Number(row.ord), archived: row.b !== null })
    else if (row.kind === 'bulls') names.bulls.set(row.id, row.a)
    else if (row.kind === 'inseminators')
      names.inseminators.set(row.id, { first_name: row.a, last_name: row.b ?? '' })
    else {
      const table = row.kind as NamedLookup
      names.lookups[table].set(row.id, row.a)
      names.ordered[table].push({ id: row.id, description: row.a })
    }
  }
  for (const table of NAMED_LOOKUPS) names.ordered[table].sort((x, y) => x.id - y.id)
  rodeos.sort((x, y) => x.ord - y.ord)
  // Archived rodeos (decision 033) still name their animals' history but are no filter option.
  names.rodeosOrdered = rodeos.filter((r) => !r.archived).map(({ id, description }) => ({ id, description }))
  for (const rodeo of rodeos) names.rodeos.set(rodeo.id, rodeo.description)
  return names
}
