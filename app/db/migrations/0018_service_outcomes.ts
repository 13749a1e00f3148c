import type { Kysely } from 'kysely'
import { runSqlScript } from './sql-script'

/**
 * Issue 20 (decision 045): the IATF conception chart's attribution of each AI service to its check
 * (docs/kpis.md#concepcion-iatf), kept per service instead of recomputed over every service of the
 * establishment on every Tablero request.
 * - `service_outcomes_computed(animal_ids)` is the rule, the statement Tablero ran until now for the
 *   given animals: the first check of the animal read 25–120 days after the service day
 *   (`SERVICE_CHECK_MIN_DAYS`/`MAX_DAYS` in insights.schema.ts; changing them needs a new migration
 *   that redefines this function and refreshes the table), dropped when a later service of the same
 *   animal on a later day precedes it. The kept value is the attributed check's detail id: null when
 *   there is no such check, the check was taken by a later service, or it has no detail (all three are
 *   out of the denominator). The detail's name is joined when read, so renaming a detail needs nothing.
 * - Statement-level triggers (transition tables, one statement per bulk write, as the latest-events
 *   columns of migration 0001) on `artificial_inseminations` and `pregnancy_checks` recompute the
 *   outcomes of the animals a statement touched, and only those: an insert or delete, or an update
 *   that changes more than bookkeeping (version, chute order, timestamps). A session or animal delete goes through those tables' own deletes, so it is covered.
 * - The same function answers the recompute test (`insights.outcomes.test.ts`): kept = fresh.
 * The service's session, bull and inseminator are copied too, so the chart reads this table alone
 * (plus the animals, for the current rodeo/category filter, and the small lookups).
 *
 * `animals_insights_idx`: a covering partial index of the live animals with the columns Tablero's
 * herd charts (stock, movements, age pyramid, weight distribution) and Resumen's counts (per
 * category and rodeo, sin RFID, sin pesar, pendientes de tacto) read, so each is an index-only scan
 * of ≈ 10 MB instead of a scan of the ≈ 80 MB table at 100,000 animals (decision 045). Its price:
 * the latest-event columns it carries make those updates of `animals` non-HOT (the weighings' were
 * already, `last_weight` being indexed for the list's sort).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(
    db,
    `
create table service_outcomes (
  service_id bigint primary key,
  establishment_id integer not null,
  animal_id uuid not null,
  read_at timestamp not null,
  cattle_handling_id integer not null,
  bull_id integer,
  inseminator_id integer,
  -- The attributed check's detail (null: no check 25–120 days later, taken by a later service, or no detail).
  pregnancy_check_detail_id integer
);
create index service_outcomes_period_idx on service_outcomes (establishment_id, read_at)
  include (animal_id, cattle_handling_id, bull_id, inseminator_id, pregnancy_check_detail_id);
create index service_outcomes_animal_idx on service_outcomes (animal_id);

create index animals_insights_idx on animals (establishment_id, rodeo_id, animal_type_id)
  include (sex_id, date_of_birth, check_in_date, check_out_date, last_weight, last_weight_read_at,
    electronic_tag, last_artificial_insemination_id, last_pregnancy_check_id)
  where deleted_at is null;

-- The rule, for the given animals (every service of theirs, matched to their checks by hash joins).
create function service_outcomes_computed(animal_ids uuid[])
returns table (service_id bigint, establishment_id integer, animal_id uuid, read_at timestamp,
  cattle_handling_id integer, bull_id integer, inseminator_id integer, pregnancy_check_detail_id integer)
language sql stable as $$
  with services as (
    select ai.id, ai.establishment_id, ai.animal_id, ai.read_at, ai.cattle_handling_id, ai.bull_id,
      ai.inseminator_id,
      -- The first service of the animal read on a later day than this one.
      min(ai.read_at) over (partition by ai.establishment_id, ai.animal_id order by ai.read_at::date
        range between '1 day'::interval following and unbounded following) as next_service
    from artificial_inseminations ai
    where ai.animal_id in (select unnest(animal_ids))
  ), matched as (
    select distinct on (sv.id) sv.id, pc.pregnancy_check_detail_id, pc.read_at
    from services sv
    join pregnancy_checks pc on pc.animal_id = sv.animal_id and pc.establishment_id = sv.establishment_id
      and pc.read_at::date between sv.read_at::date + 25 and sv.read_at::date + 120
    order by sv.id, pc.read_at, pc.id
  )
  select sv.id, sv.establishment_id, sv.animal_id, sv.read_at, sv.cattle_handling_id, sv.bull_id,
    sv.inseminator_id,
    case when sv.next_service is null or sv.next_service >= m.read_at then m.pregnancy_check_detail_id end
  from services sv left join matched m on m.id = sv.id
$$;

-- PL/pgSQL with a generic plan: planned once per session, not on every call as a SQL function's
-- statements are (planning, not running, was most of a single service's insert). The generic plan
-- probes the services and checks by animal, right for one animal and for an upload's thousands.
create function service_outcomes_refresh(animal_ids uuid[]) returns void language plpgsql
set plan_cache_mode = force_generic_plan as $$
begin
  delete from service_outcomes where animal_id = any (animal_ids);
  insert into service_outcomes select * from service_outcomes_computed(animal_ids);
end $$;

-- Bookkeeping columns (version, chute order, timestamps) change nothing the rule or the chart reads.
create function service_outcomes_changed() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    perform service_outcomes_refresh(array(select distinct animal_id from new_rows));
  elsif tg_op = 'DELETE' then
    perform service_outcomes_refresh(array(select distinct animal_id from old_rows));
  else
    perform service_outcomes_refresh(array(
      select distinct changed.animal_id
      from old_rows o join new_rows n on n.id = o.id, unnest(array[o.animal_id, n.animal_id]) as changed (animal_id)
      where to_jsonb(o) - '{version,chute_order,created_by,created_at,updated_at}'::text[]
        is distinct from to_jsonb(n) - '{version,chute_order,created_by,created_at,updated_at}'::text[]));
  end if;
  return null;
end $$;

-- A trigger with transition tables serves a single event, hence three per table (as in 0001).
do $$
declare t text;
begin
  foreach t in array array['artificial_inseminations', 'pregnancy_checks'] loop
    execute format('create trigger %I after insert on %I referencing new table as new_rows for each statement execute function service_outcomes_changed()', t || '_outcomes_insert', t);
    execute format('create trigger %I after update on %I referencing old table as old_rows new table as new_rows for each statement execute function service_outcomes_changed()', t || '_outcomes_update', t);
    execute format('create trigger %I after delete on %I referencing old table as old_rows for each statement execute function service_outcomes_changed()', t || '_outcomes_delete', t);
  end loop;
end $$;

-- The existing services.
insert into service_outcomes
select * from service_outcomes_computed(array(select distinct animal_id from artificial_inseminations));
`,
  )
}
