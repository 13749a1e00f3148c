import { z } from 'zod'

/**
 * The offline chute's lookup snapshot (issue 23, decision 040): every live animal of an
 * establishment with what its context card shows at the chute — tags, category, rodeo, sex (for the
 * female-only rule), last weight, pregnancy status and active alerts — in a compact, columnar form:
 * 100,000 animals in about 10 MB of JSON. Client-safe: the browser reads it as it is stored.
 */

import { SNAPSHOT_FORMAT } from './offline-snapshot'

export { SNAPSHOT_COLUMNS, SNAPSHOT_FORMAT } from './offline-snapshot'

/** One animal, as a tuple in the order of SNAPSHOT_COLUMNS. */
export const snapshotAnimalSchema = z.tuple([
  z.uuid(), // animal_id
  z.string(), // visual_tag
  z.string().nullable(), // electronic_tag
  z.number().int().nullable(), // category (animal_types) id
  z.number().int().nullable(), // rodeo id
  z.number().int().nullable(), // sex id
  z.number().nullable(), // last weight, kg
  z.string().nullable(), // last weight's date and time
  z.number().int().nullable(), // last pregnancy check's detail id
  z.string().nullable(), // last pregnancy check's date
  z.number().int().nullable(), // last pregnancy check's id (null: never checked)
  z.array(z.tuple([z.number().int(), z.string()])), // active alerts: [id, description]
])
export type SnapshotAnimal = z.infer<typeof snapshotAnimalSchema>

const names = z.array(z.tuple([z.number().int(), z.string()]))

export const offlineSnapshotSchema = z
  .object({
    format: z.literal(SNAPSHOT_FORMAT),
    establishment_id: z.number().int(),
    /**
     * Changes whenever anything the snapshot holds may have changed (the lookups' token, the
     * herd's size and its newest change): the device shows it and compares it.
     */
    version: z.string(),
    generated_at: z.string(),
    columns: z.array(z.string()),
    names: z.object({ categories: names, rodeos: names, sexes: names, pregnancy_check_details: names }),
    animals: z.array(snapshotAnimalSchema),
  })
  .meta({ id: 'OfflineSnapshot' })
export type OfflineSnapshot = z.infer<typeof offlineSnapshotSchema>

/** The API's answers about idempotency keys (app/api/lib/idempotency.ts); the outbox reads `busy`. */
export const IDEMPOTENCY_MESSAGES = {
  reused: 'La clave de idempotencia (Idempotency-Key) ya se usó para otro registro con otros datos',
  invalid: 'La clave de idempotencia (Idempotency-Key) debe tener entre 8 y 200 letras, números, - o _',
  busy: 'Una solicitud con la misma clave de idempotencia todavía se está procesando; reintente en unos segundos',
} as const
