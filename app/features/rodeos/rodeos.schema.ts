import { z } from 'zod'

/**
 * A rodeo of the establishment (spec section 2, Configuración → "Create a new rodeo"): one
 * definition for the form, the API's request and answer, and the server function's result.
 */

export const RODEO_NAME_MAX = 50

export const RODEO_MESSAGES = {
  nameRequired: 'El nombre del rodeo es obligatorio',
  nameTooLong: `El nombre del rodeo no puede superar los ${RODEO_NAME_MAX} caracteres`,
  duplicate: (name: string) => `Ya existe un rodeo llamado «${name}» en este establecimiento`,
  notAdmin: 'Solo un administrador del establecimiento puede crear rodeos',
  createSuccess: 'Rodeo creado con éxito',
  createError: 'Error al crear el rodeo',
  listError: 'Error al cargar los rodeos',
} as const

/** The name as typed: required, not blank, at most RODEO_NAME_MAX characters once trimmed. */
export const rodeoNameSchema = z
  .string({ error: RODEO_MESSAGES.nameRequired })
  .trim()
  .min(1, RODEO_MESSAGES.nameRequired)
  .max(RODEO_NAME_MAX, RODEO_MESSAGES.nameTooLong)

/** POST /v2/establishments/{id}/rodeos, and the creation form's values. */
export const createRodeoSchema = z
  .object({ name: rodeoNameSchema })
  .meta({ id: 'CreateRodeo', examples: [{ name: 'Rodeo de ejemplo' }] })
export type CreateRodeoValues = z.input<typeof createRodeoSchema>

/** A rodeo with the number of live (not deleted) animals in it. */
export const rodeoSchema = z
  .object({ id: z.number().int(), name: z.string(), animals: z.number().int() })
  .meta({ id: 'Rodeo' })
export type Rodeo = z.infer<typeof rodeoSchema>
