/**
 * The animals list's paging, sort columns and herd statuses. Without zod (decision 042): the browser's entry script imports these for the routes' search
 * schemas, and the schema module beside it would bring zod's classic API (~22 KB gzip) into every page.
 */

/** Spec section 7: the animals list is paged; 50 rows by default, at most 200 per request. */
export const DEFAULT_PER_PAGE = 50
export const MAX_PER_PAGE = 200
export const ANIMAL_SORT_COLUMNS = [
  'visual_tag',
  'electronic_tag',
  'date_of_birth',
  'check_in_date',
  'last_weight',
  'gdpv',
  'gdpvital',
] as const
export type AnimalSortColumn = (typeof ANIMAL_SORT_COLUMNS)[number]

/** Whether the list shows animals still in the establishment, those checked out, or both. */
export const HERD_STATUSES = ['activos', 'bajas', 'todos'] as const
