import { z } from 'zod'

/**
 * The page's address (decision 037): one route, /management/establishment/capacitations, whose
 * search says what it shows, so every screen is a link a colleague can open. Its own small module:
 * the route's search validation ships with the app's first chunk (login included), the course
 * schemas do not.
 */
export const CAPACITATION_VIEWS = ['progreso', 'nuevo', 'editar'] as const
export const capacitationsSearchSchema = z.object({
  /** The establishment the link names (decision 017). */
  establecimiento: z.coerce.number().int().positive().optional().catch(undefined),
  /** The catalogue's search. */
  q: z.string().max(100).optional().catch(undefined),
  /** The course open in the reader (or the editor, with `vista=editar`). */
  curso: z.coerce.number().int().positive().optional().catch(undefined),
  /** The lesson open in the reader, by its position (1 is the first), or the course's quiz. */
  leccion: z
    .union([z.literal('cuestionario'), z.coerce.number().int().positive()])
    .optional()
    .catch(undefined),
  /** Authors' screens: the staff's progress, a new course, or the editor of `curso`. */
  vista: z.enum(CAPACITATION_VIEWS).optional().catch(undefined),
})
export type CapacitationsSearch = z.infer<typeof capacitationsSearchSchema>
