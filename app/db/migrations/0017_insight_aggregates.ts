import type { Kysely } from 'kysely'
import { runSqlScript } from './sql-script'

/**
 * Tablero's event charts read maintained aggregates instead of joining every event of the period
 * with the animals (decision 044). One table per event table, keyed by the establishment, the day of
 * `read_at`, the animal's *current* rodeo and category (Tablero's filters) and what the charts group
 * by; it holds counts and sums (never averages) of the events of live animals (`deleted_at is null`).
 *
 * Kept in the writer's transaction by statement-level triggers with transition tables:
 * - on each event table (insert, update, delete): the written rows' contributions, −old +new,
 *   against the animal as it is at the end of the statement. Weighings' `gdpv` rewritten by the
 *   gains trigger of migration 0005 is an update of its own, seen by the update trigger;
 * - on `animals` (every update: a trigger with a column list cannot have transition tables): the
 *   animals whose rodeo, category, sex, birth date, deletion or establishment changed move their
 *   events' contributions from the old key to the new one. An update that moves nothing (the latest-
 *   event columns refreshed after every event write) costs one join of the transition tables.
 * Deltas are summed per key, applied with one upsert in key order (so two writers take the bucket
 * rows' locks in the same order) and rows left with no events are deleted.
 *
 * The same generator writes the backfill and the recompute (`freshAggregate`) that the test compares
 * with the maintained tables after every write path.
 */

interface Column {
  name: string
  type: string
  /** Over the event `e` and its animal `a`. */
  expr: string
}

export interface AggregateSpec {
  /** The event table. */
  events: string
  /** The aggregate table. */
  table: string
  /** Keys besides the common ones (establishment, day, current rodeo and category). */
  keys: Column[]
  /** Sums besides the row count `n`. */
  sums: Column[]
}

const commonKeys: Column[] = [
  { name: 'establishment_id', type: 'integer not null', expr: 'e.establishment_id' },
  { name: 'day', type: 'date not null', expr: 'e.read_at::date' },
  { name: 'rodeo_id', type: 'integer', expr: 'a.rodeo_id' },
  { name: 'animal_type_id', type: 'integer', expr: 'a.animal_type_id' },
]

const gainKept = 'e.gdpv between -2 and 3'

export const AGGREGATES: AggregateSpec[] = [
  {
    events: 'weighings',
    table: 'insight_weighings',
    keys: [
      { name: 'sex_id', type: 'integer', expr: 'a.sex_id' },
      {
        // Whole months of age at the weighing, from birth to ten years (docs/kpis.md#peso-edad).
        name: 'age',
        type: 'integer',
        expr: `case when a.date_of_birth is not null and e.read_at >= a.date_of_birth
            and e.read_at::date - a.date_of_birth::date <= 3652
          then floor((e.read_at::date - a.date_of_birth::date) / 30.4375)::int end`,
      },
    ],
    sums: [
      // GDPV within −2…3 kg/día counts; outside it is discarded (docs/kpis.md#gdpv).
      { name: 'gains', type: 'integer', expr: `case when ${gainKept} then 1 else 0 end` },
      { name: 'gain_sum', type: 'numeric', expr: `case when ${gainKept} then e.gdpv else 0 end` },
      {
        name: 'discarded',
        type: 'integer',
        expr: `case when e.gdpv is not null and not (${gainKept}) then 1 else 0 end`,
      },
      { name: 'weight_sum', type: 'numeric', expr: 'e.weight' },
    ],
  },
  {
    events: 'pregnancy_checks',
    table: 'insight_pregnancy_checks',
    keys: [
      { name: 'cattle_handling_id', type: 'integer', expr: 'e.cattle_handling_id' },
      { name: 'pregnancy_check_detail_id', type: 'integer', expr: 'e.pregnancy_check_detail_id' },
    ],
    sums: [],
  },
  {
    events: 'preservices',
    table: 'insight_preservices',
    keys: [
      { name: 'ovarian_status_id', type: 'integer', expr: 'e.ovarian_status_id' },
      { name: 'reproductive_grade_id', type: 'integer', expr: 'e.reproductive_grade_id' },
    ],
    sums: [],
  },
  {
    events: 'body_conditions',
    table: 'insight_body_conditions',
    keys: [{ name: 'body_condition_detail_id', type: 'integer', expr: 'e.body_condition_detail_id' }],
    sums: [],
  },
]

const keysOf = (spec: AggregateSpec) => [...commonKeys, ...spec.keys]
const sumsOf = (spec: AggregateSpec): Column[] => [{ name: 'n', type: 'integer', expr: '1' }, ...spec.sums]
const list = (columns: Column[]) => columns.map((c) => c.name).join(', ')

/**
 * The signed sums per key of `source` (rows with a `sign` and an event's columns, as `e`) joined to
 * `animals` (as `a`, with a `sign` when it is the animals' side that moves), in key order.
 */
function deltas(spec: AggregateSpec, from: string) {
  const keys = keysOf(spec)
  const sums = sumsOf(spec)
  return `select ${keys.map((k) => `${k.expr} as ${k.name}`).join(', ')},
      ${sums.map((s) => `sum(sign * (${s.expr}))::${s.type.split(' ')[0]} as ${s.name}`).join(', ')}
    from ${from}
    group by ${keys.map((_, i) => i + 1).join(', ')}
    having ${sums.map((s) => `sum(sign * (${s.expr})) <> 0`).join(' or ')}
    order by ${keys.map((_, i) => i + 1).join(', ')}`
}

/** The upsert of the deltas (without its closing semicolon: it may sit in a `with`). */
function upsert(spec: AggregateSpec, from: string) {
  const keys = keysOf(spec)
  const sums = sumsOf(spec)
  return `insert into ${spec.table} as t (${list(keys)}, ${list(sums)})
    ${deltas(spec, from)}
    on conflict (${list(keys)}) do update set ${sums.map((s) => `${s.name} = t.${s.name} + excluded.${s.name}`).join(', ')}`
}

const dropEmpty = (spec: AggregateSpec) => `delete from ${spec.table} where n = 0;`

function apply(spec: AggregateSpec, from: string) {
  return `${upsert(spec, from)};
    ${dropEmpty(spec)}`
}

/** The aggregate computed afresh from the events (the backfill; the recompute test). */
export function freshAggregate(spec: AggregateSpec) {
  return deltas(
    spec,
    `(select 1 as sign, x.* from ${spec.events} x) e join animals a on a.id = e.animal_id and a.deleted_at is null`,
  )
}

const liveAnimal = 'join animals a on a.id = e.animal_id and a.deleted_at is null'

function tableSql(spec: AggregateSpec) {
  const keys = keysOf(spec)
  const sums = sumsOf(spec)
  const fn = `${spec.table}_changed`
  return `
create table ${spec.table} (
  ${[...keys.map((c) => `${c.name} ${c.type}`), ...sums.map((c) => `${c.name} ${c.type} not null`)].join(',\n  ')},
  unique nulls not distinct (${list(keys)})
);
-- The rows a write leaves empty, found without a scan.
create index ${spec.table}_empty_idx on ${spec.table} (establishment_id) where n = 0;

create function ${fn}() returns trigger language plpgsql as $f$
begin
  if tg_op = 'INSERT' then
    ${apply(spec, `(select 1 as sign, r.* from new_rows r) e ${liveAnimal}`)}
  elsif tg_op = 'DELETE' then
    ${apply(spec, `(select -1 as sign, r.* from old_rows r) e ${liveAnimal}`)}
  else
    ${apply(
      spec,
      `(select -1 as sign, r.* from old_rows r union all select 1, r.* from new_rows r) e ${liveAnimal}`,
    )}
  end if;
  return null;
end $f$;
create trigger ${spec.table}_insert after insert on ${spec.events}
  referencing new table as new_rows for each statement execute function ${fn}();
create trigger ${spec.table}_update after update on ${spec.events}
  referencing old table as old_rows new table as new_rows for each statement execute function ${fn}();
create trigger ${spec.table}_delete after delete on ${spec.events}
  referencing old table as old_rows for each statement execute function ${fn}();

insert into ${spec.table} (${list(keys)}, ${list(sums)})
${freshAggregate(spec)};
`
}

/** An animal's id and the attributes the aggregates key on (`except` treats nulls as equal). */
const KEYED = (rows: 'o' | 'n') =>
  `${rows}.id, ${rows}.establishment_id, ${rows}.rodeo_id, ${rows}.animal_type_id, ${rows}.sex_id, ${rows}.date_of_birth, ${rows}.deleted_at is null`

/** The attributes the aggregates key on: an animal whose values change moves its events. */
const MOVED = `(o.establishment_id, o.rodeo_id, o.animal_type_id, o.sex_id, o.date_of_birth, o.deleted_at is null)
  is distinct from (n.establishment_id, n.rodeo_id, n.animal_type_id, n.sex_id, n.date_of_birth, n.deleted_at is null)`

function animalsSql() {
  const side = (rows: 'o' | 'n', sign: number) =>
    `select ${sign} as sign, ${rows}.* from old_rows o join new_rows n on n.id = o.id
        where ${MOVED} and ${rows}.deleted_at is null`
  // Each moved animal's events are fetched by a probe of the event table's animal index (`offset 0`
  // keeps the lateral from being flattened into a join the planner may hash: all 330,000 weighings
  // hashed for a move of any size).
  const moves = AGGREGATES.map((spec) =>
    apply(
      spec,
      `(${side('o', -1)}
        union all ${side('n', 1)}) a
      cross join lateral (select x.* from ${spec.events} x where x.animal_id = a.id offset 0) e`,
    ),
  ).join('\n    ')
  return `
create function insight_animals_moved() returns trigger language plpgsql as $f$
begin
  -- Did any animal change what the aggregates key on? Asked as a set difference (hashed, one pass
  -- over each side), not as exists(join): planned for an early match, that was a nested loop over
  -- both transition tables, and when nothing had moved (every latest-event refresh of an upload) it
  -- compared every pair: 24 s for the 10,000 animals of one upload.
  if exists (select ${KEYED('o')} from old_rows o except select ${KEYED('n')} from new_rows n) then
    ${moves}
  end if;
  return null;
end $f$;
create trigger animals_insight_moved after update on animals
  referencing old table as old_rows new table as new_rows for each statement execute function insight_animals_moved();
`
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, [...AGGREGATES.map(tableSql), animalsSql()].join('\n'))
}

export async function down(): Promise<void> {
  throw new Error('Esta migración no se revierte: restaure una copia de seguridad.')
}
