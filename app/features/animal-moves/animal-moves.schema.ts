import { z } from 'zod'

/** One request moves at most this many animals (a whole large herd fits; the body stays under 1 MB). */
export const MAX_MOVE_ANIMALS = 20_000

/** Body of POST /v2/animals/assign-to-rodeo/{id} and /assign-to-type/{id} (spec section 7). */
export const assignAnimalsSchema = z
  .object({
    animal_ids: z
      .array(z.uuid('Identificador de animal inválido'))
      .min(1, 'Seleccione al menos un animal')
      .max(MAX_MOVE_ANIMALS, `No se pueden mover más de ${MAX_MOVE_ANIMALS} animales a la vez`),
  })
  .meta({ id: 'AssignAnimals' })
export type AssignAnimalsInput = z.infer<typeof assignAnimalsSchema>

export const assignAnimalsResponseSchema = z
  .object({
    message: z.string(),
    data: z.object({
      /** Animals asked for (duplicates counted once). */
      animals: z.number().int(),
      /** Those whose rodeo or category actually changed (the rest already had it). */
      updated: z.number().int(),
    }),
  })
  .meta({ id: 'AssignAnimalsResult' })
export type AssignAnimalsResult = z.infer<typeof assignAnimalsResponseSchema>

export const MOVE_MESSAGES = {
  rodeoSuccess: 'Rodeo/s actualizado exitosamente',
  rodeoError: 'Error al actualizar Rodeo/s',
  typeSuccess: 'Categoria/s actualizado exitosamente',
  typeError: 'Error al actualizar el categoria',
} as const

/** An animal as the bulk dialogs show it: its id and its visual tag (IDV). */
export interface SelectedAnimal {
  id: string
  visualTag: string
}
