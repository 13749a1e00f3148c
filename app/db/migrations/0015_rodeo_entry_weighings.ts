import type { Kysely } from 'kysely'
import { runSqlScript } from './sql-script'

/**
 * Issue 22 (decision 038, addendum h32): the entry weighing of an animal that entered its rodeo by a
 * move — its first weighing on or after `entered_on` — kept beside the entry in `animal_rodeo_entries`,
 * so the feedlot board reads it instead of joining the establishment's weighings and sorting them
 * (the board's largest cost on the benchmark). Kept right by the database, whatever the write path:
 * - a `before insert or update of entered_on` trigger on the entries computes it for a new or moved
 *   entry (the rodeo trigger of migration 0014 upserts the row, so a move computes it too);
 * - statement triggers on `weighings` (insert, update, delete; transition tables, one statement per
 *   bulk write as for the animals' latest-weighing columns) recompute it for the touched animals that
 *   have an entry, by touching their rows (`entered_on = entered_on`), so one function defines it.
 * Animals with no entry row entered with their check-in (or creation); the board reads theirs from
 * `animals.first_weight` when that weighing is on or after the entry day, which the latest-events
 * triggers of migration 0001 already keep.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(
    db,
    `
alter table animal_rodeo_entries
  add column entry_weight numeric(7, 2),
  add column entry_weighed_at timestamp;

create function rodeo_entry_weighing() returns trigger language plpgsql as $$
begin
  -- No weighing since entry: both stay null (select into sets nulls when no row is found).
  select w.weight, w.read_at into new.entry_weight, new.entry_weighed_at
  from weighings w
  where w.animal_id = new.animal_id and w.read_at >= new.entered_on
  order by w.read_at, w.id
  limit 1;
  return new;
end $$;

create trigger animal_rodeo_entries_weighing before insert or update of entered_on, animal_id
  on animal_rodeo_entries for each row execute function rodeo_entry_weighing();

create function weighings_rodeo_entry_changed() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    update animal_rodeo_entries set entered_on = entered_on
    where animal_id in (select animal_id from new_rows);
  elsif tg_op = 'DELETE' then
    update animal_rodeo_entries set entered_on = entered_on
    where animal_id in (select animal_id from old_rows);
  else
    update animal_rodeo_entries set entered_on = entered_on
    where animal_id in (select animal_id from old_rows union select animal_id from new_rows);
  end if;
  return null;
end $$;

create trigger weighings_rodeo_entry_insert after insert on weighings
  referencing new table as new_rows for each statement execute function weighings_rodeo_entry_changed();
create trigger weighings_rodeo_entry_update after update on weighings
  referencing old table as old_rows new table as new_rows for each statement execute function weighings_rodeo_entry_changed();
create trigger weighings_rodeo_entry_delete after delete on weighings
  referencing old table as old_rows for each statement execute function weighings_rodeo_entry_changed();

-- The existing entries (the before trigger computes each).
update animal_rodeo_entries set entered_on = entered_on;
`,
  )
}
