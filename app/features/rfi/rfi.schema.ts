import { z } from 'zod'
import { isoDateSchema } from '~/features/feedlot/feedlot.schema'
import { dbId } from '~/lib/db-id'

/** Feed-efficiency tests and intake (issue 22, decision 039, docs/rfi.md). */

export const RFI_MESSAGES = {
  nameRequired: 'El nombre de la prueba es obligatorio',
  rodeoRequired: 'Elija el rodeo (grupo contemporáneo) de la prueba',
  rodeoNotFound: 'El rodeo no existe en este establecimiento',
  endAfterAdaptation: 'El fin de la prueba debe ser posterior al fin de la adaptación',
  adaptation: 'Los días de adaptación deben estar entre 0 y 120',
  emptyGroup: 'El rodeo no tiene animales: no hay grupo para la prueba',
  testNotFound: 'La prueba no existe en este establecimiento',
  testCreated: 'Prueba creada con éxito',
  testDeleted: 'Prueba eliminada con éxito',
  intakeSaved: (rows: number) => `Se importaron ${rows.toLocaleString('es-AR')} registros de consumo`,
  notAdmin: 'Solo un administrador del establecimiento puede importar consumos o definir pruebas',
  listError: 'No se pudieron obtener las pruebas de eficiencia',
  resultError: 'No se pudo calcular la prueba',
  saveError: 'Error al guardar la prueba',
  importError: 'Error al importar el consumo',
} as const

/** Rows of one intake file: 100 animals × 1,000 days, or 1,000 animals × 100 days. */
export const MAX_INTAKE_ROWS = 100_000

export const rfiTestInputSchema = z
  .object({
    name: z.string({ error: RFI_MESSAGES.nameRequired }).trim().min(1, RFI_MESSAGES.nameRequired).max(80),
    rodeo_id: dbId(RFI_MESSAGES.rodeoRequired),
    start_date: isoDateSchema,
    end_date: isoDateSchema,
    adaptation_days: z
      .number()
      .int(RFI_MESSAGES.adaptation)
      .min(0, RFI_MESSAGES.adaptation)
      .max(120, RFI_MESSAGES.adaptation),
  })
  .refine((t) => Date.parse(t.end_date) > Date.parse(t.start_date) + t.adaptation_days * 86_400_000, {
    message: RFI_MESSAGES.endAfterAdaptation,
    path: ['end_date'],
  })
  .meta({
    id: 'RfiTestInput',
    examples: [
      {
        name: 'Prueba de ejemplo',
        rodeo_id: 1,
        start_date: '2026-01-01',
        end_date: '2026-04-10',
        adaptation_days: 21,
      },
    ],
  })
export type RfiTestInput = z.output<typeof rfiTestInputSchema>

export const rfiTestSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    rodeo_id: z.number().int(),
    rodeo: z.string(),
    start_date: z.string(),
    end_date: z.string(),
    adaptation_days: z.number().int(),
    animals: z.number().int(),
    warnings: z.array(z.string()),
  })
  .meta({ id: 'RfiTest' })
export type RfiTest = z.infer<typeof rfiTestSchema>

const num = z.number().nullable()
export const rfiAnimalSchema = z
  .object({
    id: z.string(),
    visual_tag: z.string(),
    electronic_tag: z.string().nullable(),
    weighings: z.number().int(),
    intake_days: z.number().int(),
    adg: num,
    mid_weight: num,
    mmw: num,
    dmi: num,
    fcr: num,
    predicted_dmi: num,
    rfi: num,
    rfi_class: z.enum(['eficiente', 'medio', 'ineficiente']).nullable(),
    rank: z.number().int().nullable(),
    note: z.string().nullable(),
  })
  .meta({ id: 'RfiAnimal' })
export type RfiAnimal = z.infer<typeof rfiAnimalSchema>

export const rfiResultSchema = z
  .object({
    test: rfiTestSchema,
    test_start: z.string(),
    test_days: z.number().int(),
    coefficients: z.object({ intercept: z.number(), mmw: z.number(), adg: z.number() }).nullable(),
    r_squared: num,
    rfi_sd: num,
    complete: z.number().int(),
    warnings: z.array(z.string()),
    animals: z.array(rfiAnimalSchema),
  })
  .meta({ id: 'RfiResult' })
export type RfiResultAnswer = z.infer<typeof rfiResultSchema>

/** An animal's figures in the latest test that included it (its detail page). */
export const animalRfiSchema = z
  .object({
    test: z.object({ id: z.number().int(), name: z.string(), end_date: z.string() }),
    animal: rfiAnimalSchema,
    group: z.number().int(),
  })
  .nullable()
  .meta({ id: 'AnimalRfi' })
export type AnimalRfi = z.infer<typeof animalRfiSchema>
