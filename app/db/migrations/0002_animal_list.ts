import type { Kysely } from 'kysely'
import { runSqlScript } from './sql-script'

/**
 * The Animales list at 100,000 animals (issue 4). The daily gains are stored generated columns over
 * the trigger-kept latest weighings, so the list sorts and filters on them through indexes instead
 * of computing them for the whole herd on every page. Formulas and guards: docs/decisions/007.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(
    db,
    `
alter table animals
  add column gdpv numeric(8, 3) generated always as (
    case
      when last_weight is not null and previous_weight is not null
        and last_weight_read_at::date - previous_weight_read_at::date > 0
      then round((last_weight - previous_weight) / (last_weight_read_at::date - previous_weight_read_at::date), 3)
    end
  ) stored,
  add column gdpvital numeric(8, 3) generated always as (
    case
      when last_weight is not null and weight_at_birth is not null and date_of_birth is not null
        and last_weight_read_at::date - date_of_birth::date > 0
      then round((last_weight - weight_at_birth) / (last_weight_read_at::date - date_of_birth::date), 3)
    end
  ) stored;

-- Sorted pages of the live herd: one index per sortable column, led by the establishment.
drop index animals_establishment_visual_tag_idx;
create index animals_list_visual_tag_idx on animals (establishment_id, visual_tag, id) where deleted_at is null;
create index animals_list_visual_tag_prefix_idx on animals (establishment_id, lower(visual_tag) text_pattern_ops) where deleted_at is null;
create index animals_list_electronic_tag_idx on animals (establishment_id, electronic_tag text_pattern_ops) where deleted_at is null;
create index animals_list_birth_idx on animals (establishment_id, date_of_birth, id) where deleted_at is null;
create index animals_list_last_weight_idx on animals (establishment_id, last_weight, id) where deleted_at is null;
create index animals_list_gdpv_idx on animals (establishment_id, gdpv, id) where deleted_at is null;
create index animals_list_gdpvital_idx on animals (establishment_id, gdpvital, id) where deleted_at is null;
-- Gains sort with the animals that have none last in both directions: a descending index as well.
create index animals_list_last_weight_desc_idx on animals (establishment_id, last_weight desc nulls last, id desc) where deleted_at is null;
create index animals_list_gdpv_desc_idx on animals (establishment_id, gdpv desc nulls last, id desc) where deleted_at is null;
create index animals_list_gdpvital_desc_idx on animals (establishment_id, gdpvital desc nulls last, id desc) where deleted_at is null;
-- The count of the default view (animals still in the establishment) as an index-only scan.
create index animals_list_checkout_idx on animals (establishment_id, check_out_date) where deleted_at is null;
create index animals_list_check_in_idx on animals (establishment_id, check_in_date, id) where deleted_at is null;
`,
  )
}

export async function down(): Promise<void> {
  throw new Error('Esta migración no se revierte: restaure una copia de seguridad.')
}
