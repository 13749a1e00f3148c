import { sql } from 'kysely'
import type { DB } from './database.server'
import { AGGREGATES, freshAggregate } from './migrations/0017_insight_aggregates'

export interface StaleAggregateRow {
  table: string
  /** 'kept': a row the triggers keep that a fresh computation lacks; 'fresh': the reverse. */
  side: 'kept' | 'fresh'
  row: Record<string, unknown>
}

/**
 * The differences between Tablero's maintained event aggregates (migration 0017, decision 044) and
 * the same aggregates computed afresh from the events and the animals as they are now: none when
 * the triggers kept up with every write. Tests call it after each write path.
 */
export async function staleInsightAggregates(db: DB): Promise<StaleAggregateRow[]> {
  const stale: StaleAggregateRow[] = []
  for (const spec of AGGREGATES) {
    const { rows } = await sql<{ side: 'kept' | 'fresh'; row: Record<string, unknown> }>`
      with kept as (select * from ${sql.table(spec.table)}),
        fresh as (${sql.raw(freshAggregate(spec))})
      select 'kept' as side, to_jsonb(k) as row from (select * from kept except all select * from fresh) k
      union all
      select 'fresh', to_jsonb(f) from (select * from fresh except all select * from kept) f`.execute(db)
    stale.push(...rows.map((r) => ({ table: spec.table, ...r })))
  }
  return stale
}
