import type { FilterConfig, TableViewState } from '~/components/data-table/data-table.types'
import {
  filtersParam,
  filtersToQuery,
  flagParam,
  hiddenColumnsParam,
  keepValidFilters,
  pageParam,
  perPageParam,
  tableSearchFromView,
  viewFromTableSearch,
} from '~/components/data-table/table-view'
import { dropInvalid, oneOf, type SearchOf, searchSchema } from '~/lib/search-params'
import type { RiderListQuery, RiderRecordKind } from './riders.schema'

/**
 * The Recorredores page's URL (decision 036): the tab (`?tab=partos`…), and the table's view (filters
 * by rider, rodeo and date range, page, hidden columns) like every table of the app.
 */

export const RIDER_TABS = ['partos', 'muertes', 'tratamientos', 'condicion', 'notas', 'indicadores'] as const
export type RiderTab = (typeof RIDER_TABS)[number]
export const KIND_OF_TAB: Record<Exclude<RiderTab, 'indicadores'>, RiderRecordKind> = {
  partos: 'births',
  muertes: 'deaths',
  tratamientos: 'treatments',
  condicion: 'body-conditions',
  notas: 'notes',
}
export const TAB_OF_KIND = Object.fromEntries(
  Object.entries(KIND_OF_TAB).map(([tab, kind]) => [kind, tab]),
) as Record<RiderRecordKind, RiderTab>

export const RIDER_FILTERS: FilterConfig[] = [
  {
    columnId: 'rider',
    label: 'Recorredor',
    type: 'select',
    frame: 'rider',
    option: 'riders',
    isCompact: true,
  },
  { columnId: 'rodeo', label: 'Rodeo', type: 'select', frame: 'establishment', option: 'rodeo' },
  { columnId: 'read_at', label: 'Fecha', type: 'date-range' },
]

export const RIDER_PER_PAGE_OPTIONS = [25, 50, 100]

export const riderSearchSchema = searchSchema({
  tab: dropInvalid(oneOf(RIDER_TABS)),
  page: pageParam(1_000_000),
  perPage: perPageParam(RIDER_PER_PAGE_OPTIONS),
  filters: filtersParam(RIDER_FILTERS),
  hidden: hiddenColumnsParam(30),
  compact: flagParam,
})
export type RiderSearch = SearchOf<typeof riderSearchSchema>

const codec = {
  sorts: [] as readonly never[],
  defaultPerPage: 25,
  // Rider records are edited one at a time: no selection in the URL.
  encodeSelection: () => undefined,
  decodeSelection: () => [],
}

export function riderViewFromSearch(search: RiderSearch): TableViewState {
  return viewFromTableSearch(search, codec, keepValidFilters(RIDER_FILTERS, search.filters ?? {}))
}

export function searchFromRiderView(view: TableViewState): RiderSearch {
  const { sort: _sort, desc: _desc, sel: _sel, all: _all, ...rest } = tableSearchFromView(view, codec)
  return rest
}

/** The provider query of a view. */
export function riderQueryOfView(view: Pick<TableViewState, 'filters' | 'page' | 'perPage'>): RiderListQuery {
  const query = filtersToQuery(view.filters)
  return {
    page: view.page,
    perPage: view.perPage,
    ...(query.rider ? { rider: Number(query.rider) } : {}),
    ...(query.rodeo ? { rodeo: Number(query.rodeo) } : {}),
    ...(query.read_at_from ? { read_at_from: String(query.read_at_from) } : {}),
    ...(query.read_at_to ? { read_at_to: String(query.read_at_to) } : {}),
  }
}
