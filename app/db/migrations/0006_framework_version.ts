import type { Kysely } from 'kysely'
import { runSqlScript } from './sql-script'

/**
 * The lookups the animal list names (categories, breeds, rodeos, bulls, inseminators…) are read
 * from a per-process cache instead of joined on every page (decision 027). The cache stays right
 * with several app instances on one database because the database holds its key: one random token,
 * replaced in the same transaction as any write to those tables (a statement-level trigger), and
 * read by the list in the same statement (the same snapshot) as the rows it names. A token rather
 * than a counter: two databases in one process (tests) or two copies of one never share a value.
 */
const TABLES = [
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
  'rodeos',
  'bulls',
  'inseminators',
]

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(
    db,
    `
create table framework_version (
  singleton boolean primary key default true check (singleton),
  token uuid not null default gen_random_uuid()
);
insert into framework_version default values;

create function bump_framework_version() returns trigger language plpgsql as $f$
begin
  update framework_version set token = gen_random_uuid();
  return null;
end $f$;
${TABLES.map(
  (table) => `
create trigger ${table}_framework_version after insert or update or delete or truncate on ${table}
  for each statement execute function bump_framework_version();`,
).join('\n')}
`,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(
    db,
    `
${TABLES.map((table) => `drop trigger ${table}_framework_version on ${table};`).join('\n')}
drop function bump_framework_version();
drop table framework_version;
`,
  )
}
