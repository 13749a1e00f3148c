import type { Kysely } from 'kysely'
import { runSqlScript } from './sql-script'

/**
 * The Manga event tables at scale (issue 6, docs/decisions/009). An establishment's event list is
 * read from a covering index in its sort order — the animal id is included so that the list can
 * leave out the events of deleted animals without visiting the table — and the few deleted animals
 * of an establishment are found through a small partial index. Weighings also sort by weight.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(
    db,
    `
create index animals_deleted_idx on animals (establishment_id) where deleted_at is not null;

do $$
declare t text;
begin
  foreach t in array array['artificial_inseminations', 'pregnancy_checks', 'preservices', 'weighings'] loop
    execute format('create index %I on %I (establishment_id, read_at desc, id desc) include (animal_id)', t || '_list_idx', t);
    execute format('drop index %I', t || '_establishment_idx');
  end loop;
end $$;

create index weighings_list_weight_idx on weighings (establishment_id, weight, id) include (animal_id);
`,
  )
}

export async function down(): Promise<void> {
  throw new Error('Esta migración no se revierte: restaure una copia de seguridad.')
}
