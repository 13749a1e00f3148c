import type { Kysely } from 'kysely'
import { runSqlScript } from './sql-script'

/**
 * The establishment framework managed from Configuración (issue 19 part B, decision 033).
 *
 * - `archived_at` on the six tables: a row referenced by animals or events is archived instead of
 *   deleted, so history keeps naming it while pickers stop offering it.
 * - `bulls.registration`: the bull's herd-book registration or RFID (spec section 3 asks for one).
 * - Names unique per establishment whatever their case and accents, enforced by the database with
 *   one immutable key function. It does not use lower() on accented letters: lower() follows the
 *   database's collation, and a C-locale PostgreSQL leaves 'Í' as it is (decision 029 met this).
 *   translate() maps the accented letters Spanish uses (upper and lower) to plain lower-case ASCII
 *   first, so the remaining lower() only has ASCII to fold, which every locale does the same way.
 *   'ñ' stays distinct from 'n' ('año' is not 'ano'), only its case is folded. Inner runs of
 *   spaces count as one.
 * - The existing exact-text unique constraints stay: the new indexes are stricter.
 *
 * rodeos, bulls and inseminators already bump the framework token on any write (0006), archive
 * included (it is an update). riders, origins and owners are not in the per-process cache, so they
 * need no trigger.
 */
const FROM = 'ÁÀÂÄÃáàâäãÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÖÕóòôöõÚÙÛÜúùûüÑÇç'
const TO = 'aaaaaaaaaaeeeeeeeeiiiiiiiioooooooooouuuuuuuuñcc'

export async function up(db: Kysely<unknown>): Promise<void> {
  if ([...FROM].length !== [...TO].length) throw new Error('framework_name_key: FROM and TO differ in length')
  await runSqlScript(
    db,
    `
create function framework_name_key(value text) returns text language sql immutable parallel safe as $f$
  select lower(regexp_replace(translate(btrim(value), '${FROM}', '${TO}'), '\\s+', ' ', 'g'))
$f$;

alter table rodeos add column archived_at timestamptz;
alter table bulls add column archived_at timestamptz;
alter table bulls add column registration text;
alter table inseminators add column archived_at timestamptz;
alter table riders add column archived_at timestamptz;
alter table origins add column archived_at timestamptz;
alter table owners add column archived_at timestamptz;

create unique index rodeos_name_key on rodeos (establishment_id, framework_name_key(description));
create unique index bulls_name_key on bulls (establishment_id, framework_name_key(alias));
create unique index inseminators_name_key
  on inseminators (establishment_id, framework_name_key(first_name || ' ' || last_name));
create unique index riders_name_key on riders (establishment_id, framework_name_key(key));
create unique index origins_name_key on origins (establishment_id, framework_name_key(description));
create unique index owners_name_key on owners (establishment_id, framework_name_key(name));
create index audit_log_establishment_user_idx on audit_log (establishment_id, user_id, occurred_at desc);
`,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(
    db,
    `
drop index audit_log_establishment_user_idx;
drop index rodeos_name_key;
drop index bulls_name_key;
drop index inseminators_name_key;
drop index riders_name_key;
drop index origins_name_key;
drop index owners_name_key;
alter table rodeos drop column archived_at;
alter table bulls drop column archived_at;
alter table bulls drop column registration;
alter table inseminators drop column archived_at;
alter table riders drop column archived_at;
alter table origins drop column archived_at;
alter table owners drop column archived_at;
drop function framework_name_key(text);
`,
  )
}
