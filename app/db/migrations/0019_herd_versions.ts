import type { Kysely } from 'kysely'
import { runSqlScript } from './sql-script'

/**
 * A version of each establishment's herd, and its kept animal counts (decision 043). The animal
 * list's answer is cached per process keyed by this version, as the list's lookup names are keyed
 * by `framework_version` (decision 027): the database holds the key, so another app instance, a
 * script or psql writing an animal, an event or an alert is seen on the next request, and nothing
 * in the app invalidates anything.
 *
 * One row per establishment: a random token, replaced by a statement-level trigger in the writer's
 * transaction on every write to a table the list's answer reads (animals — the row and its mother —,
 * the five latest-event tables the row joins, alerts), and the establishment's live animals (not
 * deleted) and active ones (not deleted, not checked out), kept exact by the animals triggers so
 * the unfiltered list counts without scanning the herd. A token, not a counter, for the reason 0006
 * gives. Every row of those tables carries its establishment id (composite foreign keys keep a
 * mother and an event in its animal's establishment), so the transition tables name the
 * establishments a statement touched. A truncate touches all of them.
 *
 * Trigger names sort after the latest-event triggers (`*_latest_*`), which update animals in the
 * same statement: the animals row locks are taken before this row's, as an animal edit takes them.
 */
const EVENT_TABLES = [
  'weighings',
  'body_conditions',
  'pregnancy_checks',
  'preservices',
  'artificial_inseminations',
  'alerts',
]

/** Live and active, as 1/0, of a transition table's rows. */
const counted = (rows: string, sign: string) =>
  `select establishment_id, ${sign}(deleted_at is null)::int as live,
     ${sign}(deleted_at is null and check_out_date is null)::int as active from ${rows}`

/**
 * A statement-level trigger function: the live and active changes of the statement's rows, summed
 * per establishment, handed to herd_versions_apply. `rows` selects (establishment_id, live, active)
 * from a transition table, negated (`sign` '-') for the old rows.
 */
const changedFunction = (name: string, rows: (table: string, sign: string) => string) => {
  const changes = (
    from: string,
  ) => `(select jsonb_agg(jsonb_build_object('e', establishment_id, 'l', l, 'a', a))
    from (select establishment_id, sum(live) l, sum(active) a from (${from}) d group by establishment_id) s)`
  return `create function ${name}() returns trigger language plpgsql as $f$
declare
  changes jsonb;
begin
  if tg_op = 'INSERT' then
    changes := ${changes(rows('new_rows', ''))};
  elsif tg_op = 'DELETE' then
    changes := ${changes(rows('old_rows', '-'))};
  else
    changes := ${changes(`${rows('new_rows', '')} union all ${rows('old_rows', '-')}`)};
  end if;
  if changes is not null then
    perform herd_versions_apply(changes);
  end if;
  return null;
end $f$;`
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(
    db,
    `
create table herd_versions (
  establishment_id integer primary key,
  token uuid not null default gen_random_uuid(),
  -- No check (>= 0): an upsert's proposed row carries the statement's change, which may be negative,
  -- and PostgreSQL checks it before it finds the conflict.
  live_animals integer not null default 0,
  active_animals integer not null default 0
);
insert into herd_versions (establishment_id, live_animals, active_animals)
select e.id,
  count(a.id) filter (where a.deleted_at is null),
  count(a.id) filter (where a.deleted_at is null and a.check_out_date is null)
from establishments e left join animals a on a.establishment_id = e.id
group by e.id;

-- Adds the counts' changes of the establishments a statement touched and gives each a new token,
-- in establishment order (two statements touching the same establishments lock their rows in the
-- same order). An establishment without a row (created after this migration) gets one.
create function herd_versions_apply(p_changes jsonb) returns void language sql as $f$
  insert into herd_versions as h (establishment_id, live_animals, active_animals)
  select (c->>'e')::int, (c->>'l')::int, (c->>'a')::int
  from jsonb_array_elements(p_changes) c
  order by (c->>'e')::int
  on conflict (establishment_id) do update set
    token = gen_random_uuid(),
    live_animals = h.live_animals + excluded.live_animals,
    active_animals = h.active_animals + excluded.active_animals
$f$;

${changedFunction('herd_animals_changed', (rows, sign) => counted(rows, sign))}

${changedFunction('herd_events_changed', (rows) => `select establishment_id, 0 as live, 0 as active from ${rows}`)}

create function herd_truncated() returns trigger language plpgsql as $f$
begin
  if tg_table_name = 'animals' then
    update herd_versions set token = gen_random_uuid(), live_animals = 0, active_animals = 0;
  else
    update herd_versions set token = gen_random_uuid();
  end if;
  return null;
end $f$;

create trigger animals_version_insert after insert on animals
  referencing new table as new_rows for each statement execute function herd_animals_changed();
create trigger animals_version_update after update on animals
  referencing old table as old_rows new table as new_rows for each statement execute function herd_animals_changed();
create trigger animals_version_delete after delete on animals
  referencing old table as old_rows for each statement execute function herd_animals_changed();
create trigger animals_version_truncate after truncate on animals
  for each statement execute function herd_truncated();
${EVENT_TABLES.map(
  (table) => `
create trigger ${table}_version_insert after insert on ${table}
  referencing new table as new_rows for each statement execute function herd_events_changed();
create trigger ${table}_version_update after update on ${table}
  referencing old table as old_rows new table as new_rows for each statement execute function herd_events_changed();
create trigger ${table}_version_delete after delete on ${table}
  referencing old table as old_rows for each statement execute function herd_events_changed();
create trigger ${table}_version_truncate after truncate on ${table}
  for each statement execute function herd_truncated();`,
).join('\n')}
`,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(
    db,
    `
${['animals', ...EVENT_TABLES]
  .flatMap((table) =>
    ['insert', 'update', 'delete', 'truncate'].map(
      (op) => `drop trigger ${table}_version_${op} on ${table};`,
    ),
  )
  .join('\n')}
drop function herd_truncated();
drop function herd_events_changed();
drop function herd_animals_changed();
drop function herd_versions_apply(jsonb);
drop table herd_versions;
`,
  )
}
