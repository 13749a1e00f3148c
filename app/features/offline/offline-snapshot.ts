/**
 * The offline snapshot's format and columns (offline.schema.ts documents it with zod for the API):
 * kept free of zod so the chute's browser code reads it without the schema library's extra parts.
 */

/** Bumped when the shape changes: a device holding another format downloads it again. */
export const SNAPSHOT_FORMAT = 1

export const SNAPSHOT_COLUMNS = [
  'animal_id',
  'visual_tag',
  'electronic_tag',
  'category_id',
  'rodeo_id',
  'sex_id',
  'last_weight',
  'last_weight_read_at',
  'pregnancy_check_detail_id',
  'pregnancy_check_read_at',
  'pregnancy_check_id',
  'alerts',
] as const
