import type { Kysely } from 'kysely'
import { runSqlScript } from './sql-script'

/**
 * A weighing's GDPV stored on the weighing (issue 16, decision 018), so the weighing table sorts by
 * it through an index instead of computing it for the whole filtered set: (weight − the animal's
 * previous weight) / days between them, 3 decimals, none from a first weighing or across a zero-day
 * gap (decision 007's formula and guards, as the table showed it). The statement-level trigger that
 * keeps the animals' latest weighings also recomputes the gains a write changes besides the written
 * rows' own (set by a row trigger as they are written): the next weighing of each animal after them.
 * Its own update of `gdpv` (a nested trigger) refreshes nothing again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(
    db,
    `
alter table weighings add column gdpv numeric(9, 3);

-- The gains of the given weighings, each against the animal's weighing just before it (one probe of
-- weighings_animal_idx per weighing); only those that changed are written.
create function refresh_weighing_gains(p_ids bigint[]) returns void language sql as $f$
  update weighings w set gdpv = g.gdpv
  from (
    select c.id,
      case when c.read_at::date - p.read_at::date > 0
        then round((c.weight - p.weight) / (c.read_at::date - p.read_at::date), 3)
      end as gdpv
    from weighings c
    left join lateral (
      select x.weight, x.read_at from weighings x
      where x.animal_id = c.animal_id and (x.read_at, x.id) < (c.read_at, c.id)
      order by x.read_at desc, x.id desc limit 1
    ) p on true
    where c.id = any(p_ids)
  ) g
  where g.id = w.id and w.gdpv is distinct from g.gdpv
$f$;

-- The existing rows, all at once (the update trigger would refresh every animal's latest weighings).
alter table weighings disable trigger weighings_latest_update;
select refresh_weighing_gains(array(select id from weighings));
alter table weighings enable trigger weighings_latest_update;

-- A weighing written gets its gain as it is written (a probe for the animal's previous weighing),
-- so a large insert does not write every new row twice.
create function weighing_gain_on_write() returns trigger language plpgsql as $f$
declare
  prev record;
begin
  select x.weight, x.read_at into prev from weighings x
  where x.animal_id = new.animal_id and x.id <> new.id and (x.read_at, x.id) < (new.read_at, new.id)
  order by x.read_at desc, x.id desc limit 1;
  new.gdpv := case when new.read_at::date - prev.read_at::date > 0
    then round((new.weight - prev.weight) / (new.read_at::date - prev.read_at::date), 3) end;
  return new;
end $f$;
create trigger weighings_gain before insert or update of weight, read_at, animal_id on weighings
  for each row execute function weighing_gain_on_write();

create index weighings_list_gdpv_idx on weighings (establishment_id, gdpv asc nulls last, id) include (animal_id);
create index weighings_list_gdpv_desc_idx on weighings (establishment_id, gdpv desc nulls last, id desc) include (animal_id);

-- A written weighing changes its own gain and that of the animal's next weighing (after its new and
-- its old place): those alone are recomputed, not every weighing of the animals touched.
create or replace function animal_events_changed() returns trigger language plpgsql as $f$
declare
  changed uuid[];
  gains bigint[];
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
  if changed is null then
    return null;
  end if;
  perform refresh_animal_latest_events(tg_table_name, changed);
  if tg_table_name = 'weighings' then
    -- The written rows have their gain (weighing_gain_on_write) unless an earlier row of the same
    -- statement was their previous one: that row's next is then one of them, recomputed here.
    if tg_op = 'INSERT' then
      select array_agg(distinct id) into gains from (
        select n.id from new_rows r cross join lateral (
          select w.id from weighings w where w.animal_id = r.animal_id and (w.read_at, w.id) > (r.read_at, r.id)
          order by w.read_at, w.id limit 1) n
      ) t;
    elsif tg_op = 'DELETE' then
      select array_agg(distinct id) into gains from (
        select n.id from old_rows r cross join lateral (
          select w.id from weighings w where w.animal_id = r.animal_id and (w.read_at, w.id) > (r.read_at, r.id)
          order by w.read_at, w.id limit 1) n
      ) t;
    else
      select array_agg(distinct id) into gains from (
        select n.id from (select animal_id, read_at, id from new_rows union all select animal_id, read_at, id from old_rows) r
        cross join lateral (
          select w.id from weighings w where w.animal_id = r.animal_id and (w.read_at, w.id) > (r.read_at, r.id)
          order by w.read_at, w.id limit 1) n
      ) t;
    end if;
    if gains is not null then
      perform refresh_weighing_gains(gains);
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
