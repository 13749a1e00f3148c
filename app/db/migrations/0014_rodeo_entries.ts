import type { Kysely } from 'kysely'
import { runSqlScript } from './sql-script'

/**
 * Issue 22 (decision 038, "Entry, kept by the database"): the day each animal last entered its
 * current rodeo, kept by a trigger on `animals` so every write path that moves animals (single edit,
 * bulk move, chute sync, anything later) keeps it in the same transaction, and the feedlot board
 * reads it with one join instead of searching the audit log animal by animal. Backfilled from the
 * audit log with the rule the board used until now: the latest audited rodeo change into the
 * animal's current rodeo. An animal with no row entered with its check-in (or creation), which the
 * board reads from `animals` itself.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(
    db,
    `
create table animal_rodeo_entries (
  animal_id uuid primary key references animals (id) on delete cascade,
  -- The rodeo entered; the board joins on it too, so a row of a rodeo the animal left is never read.
  rodeo_id integer,
  -- The day of the move, in the establishments' time zone (as the audit log's days are read).
  entered_on date not null
);

create function animal_rodeo_entry() returns trigger language plpgsql as $$
begin
  insert into animal_rodeo_entries (animal_id, rodeo_id, entered_on)
  values (new.id, new.rodeo_id, (now() at time zone 'America/Argentina/Buenos_Aires')::date)
  on conflict (animal_id) do update set rodeo_id = excluded.rodeo_id, entered_on = excluded.entered_on;
  return null;
end $$;

create trigger animals_rodeo_entry after update of rodeo_id on animals
  for each row when (old.rodeo_id is distinct from new.rodeo_id) execute function animal_rodeo_entry();

insert into animal_rodeo_entries (animal_id, rodeo_id, entered_on)
select distinct on (a.id) a.id, a.rodeo_id, (l.occurred_at at time zone 'America/Argentina/Buenos_Aires')::date
from audit_log l
join animals a on a.id::text = l.entity_id and l.after->>'rodeo_id' = a.rodeo_id::text
where l.entity = 'animal' and l.action in ('animal_assign_rodeo', 'animal_update')
order by a.id, l.occurred_at desc;
`,
  )
}
