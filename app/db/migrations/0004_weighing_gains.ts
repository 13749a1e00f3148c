import type { Kysely } from 'kysely'
import { runSqlScript } from './sql-script'

/**
 * A weighing's GDPV stored on the weighing (issue 16, decision 018), so the weighing table sorts by
 * it through an index instead of computing it for the whole filtered set: (weight − the animal's
 * previous weight) / days between them, 3 decimals, none from a first weighing or across a zero-day
 * gap (decision 007's formula and guards, as the table showed it). The statement-level trigger that
 * keeps the animals' latest weighings also recomputes the gains of the animals it touches (dozens of
 * weighings each); its own update of `gdpv` (a nested trigger) refreshes nothing again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(
    db,
    `
alter table weighings add column gdpv numeric(9, 3);

create function weighing_gains(p_animals uuid[]) returns table (id bigint, gdpv numeric) language sql stable as $f$
  select w.id,
    case when w.read_at::date - (lag(w.read_at) over win)::date > 0
      then round((w.weight - lag(w.weight) over win) / (w.read_at::date - (lag(w.read_at) over win)::date), 3)
    end
  from weighings w
  where w.animal_id = any(p_animals)
  window win as (partition by w.animal_id order by w.read_at, w.id)
$f$;

-- The existing rows, all at once (the trigger would refresh every animal's latest weighings again).
alter table weighings disable trigger weighings_latest_update;
update weighings w set gdpv = g.gdpv
from weighing_gains((select array_agg(distinct animal_id) from weighings)) g
where g.id = w.id and g.gdpv is not null;
alter table weighings enable trigger weighings_latest_update;

create index weighings_list_gdpv_idx on weighings (establishment_id, gdpv asc nulls last, id) include (animal_id);
create index weighings_list_gdpv_desc_idx on weighings (establishment_id, gdpv desc nulls last, id desc) include (animal_id);

create or replace function animal_events_changed() returns trigger language plpgsql as $f$
declare
  changed uuid[];
begin
  -- The gains' own update below: the weighings' animals and gains are already current.
  if tg_table_name = 'weighings' and pg_trigger_depth() > 1 then
    return null;
  end if;
  if tg_op = 'INSERT' then
    select array_agg(distinct animal_id) into changed from new_rows;
  elsif tg_op = 'DELETE' then
    select array_agg(distinct animal_id) into changed from old_rows;
  else
    select array_agg(distinct animal_id) into changed
    from (select animal_id from old_rows union all select animal_id from new_rows) touched;
  end if;
  if changed is not null then
    perform refresh_animal_latest_events(tg_table_name, changed);
    if tg_table_name = 'weighings' then
      update weighings w set gdpv = g.gdpv
      from weighing_gains(changed) g
      where g.id = w.id and w.gdpv is distinct from g.gdpv;
    end if;
  end if;
  return null;
end $f$;
`,
  )
}

export async function down(): Promise<void> {
  throw new Error('Esta migración no se revierte: restaure una copia de seguridad.')
}
