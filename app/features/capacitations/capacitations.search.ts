import {
  dropInvalid,
  either,
  oneOf,
  positiveIntParam,
  type SearchOf,
  searchSchema,
  text,
  wholeNumber,
} from '~/lib/search-params'

/**
 * The page's address (decision 037): one route, /management/establishment/capacitations, whose
 * search says what it shows, so every screen is a link a colleague can open. Its own small module:
 * the route's search validation ships with the app's first chunk (login included), the course
 * schemas do not.
 */
export const CAPACITATION_VIEWS = ['progreso', 'nuevo', 'editar'] as const
export const capacitationsSearchSchema = searchSchema({
  /** The establishment the link names (decision 017). */
  establecimiento: positiveIntParam,
  /** The catalogue's search. */
  q: dropInvalid(text({ maxLength: 100 })),
  /** The course open in the reader (or the editor, with `vista=editar`). */
  curso: positiveIntParam,
  /** The lesson open in the reader, by its position (1 is the first), or the course's quiz. */
  leccion: dropInvalid(either(oneOf(['cuestionario']), wholeNumber({ min: 1, coerce: true }))),
  /** Authors' screens: the staff's progress, a new course, or the editor of `curso`. */
  vista: dropInvalid(oneOf(CAPACITATION_VIEWS)),
})
export type CapacitationsSearch = SearchOf<typeof capacitationsSearchSchema>
