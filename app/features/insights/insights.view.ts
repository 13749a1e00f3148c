import type { FilterValues } from '~/components/data-table/data-table.types'
import { dropInvalid, isoDate, list, type SearchOf, searchSchema, wholeNumber } from '~/lib/search-params'

/**
 * Tablero's filters in the URL (the URL is the state): `desde`/`hasta` (YYYY-MM-DD), `rodeo` and
 * `categoria` (id lists). A malformed value is dropped, never a crash.
 */
const day = dropInvalid(isoDate)
const ids = dropInvalid(list(wholeNumber({ min: 1 }), { maxLength: 100 }))

export const dashboardSearchSchema = searchSchema({ desde: day, hasta: day, rodeo: ids, categoria: ids })
export type DashboardSearch = SearchOf<typeof dashboardSearchSchema>

export interface DashboardApiQuery {
  from?: string
  to?: string
  rodeo?: string
  category?: string
}

/** The provider query of a Tablero URL (an inverted range is swapped rather than refused). */
export function apiQueryFromDashboardSearch(search: DashboardSearch): DashboardApiQuery {
  let [from, to] = [search.desde, search.hasta]
  if (from && to && from > to) [from, to] = [to, from]
  const query: DashboardApiQuery = {}
  if (from) query.from = from
  if (to) query.to = to
  if (search.rodeo?.length) query.rodeo = search.rodeo.join(',')
  if (search.categoria?.length) query.category = search.categoria.join(',')
  return query
}

/** The Animales filters (their URL state, app/features/animals/animals.view.ts) of a Resumen number. */
export type AnimalsLinkFilters = FilterValues
