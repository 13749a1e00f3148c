import type { FilterConfig, TableSelection, TableViewState } from '~/components/data-table/data-table.types'
import {
  filtersToQuery,
  flagParam,
  hiddenColumnsParam,
  pageParam,
  perPageParam,
  type TableViewCodec,
  tableSearchFromView,
  validFilters,
  viewFromTableSearch,
} from '~/components/data-table/table-view'
import { dropInvalid, oneOf, type SearchOf, searchSchema, text, withDefault } from '~/lib/search-params'
import { ANIMAL_SORT_COLUMNS, DEFAULT_PER_PAGE } from './animals.list-params'
import type { AnimalListQueryInput } from './animals.schema'

/** The Animales filters (spec section 3, filter configuration items). */
export const ANIMAL_FILTERS: FilterConfig[] = [
  {
    columnId: 'visual_tag',
    label: 'IDV',
    type: 'input',
    placeholder: 'Buscar IDV',
    isPrincipal: true,
    isCompact: true,
  },
  { columnId: 'electronic_tag', label: 'RFID', type: 'input', placeholder: 'Buscar RFID', isCompact: true },
  {
    columnId: 'category',
    label: 'Categoría',
    type: 'multi-select',
    option: 'animal_types',
    frame: 'general',
    isCompact: true,
  },
  {
    columnId: 'rodeo',
    label: 'Rodeo',
    type: 'multi-select',
    option: 'rodeos',
    frame: 'establishment',
    isCompact: true,
  },
  { columnId: 'breed', label: 'Raza', type: 'multi-select', option: 'breeds', frame: 'general' },
  { columnId: 'color', label: 'Color', type: 'multi-select', option: 'colors', frame: 'general' },
  { columnId: 'gender', label: 'Sexo', type: 'select', option: 'sexes', frame: 'general' },
  {
    columnId: 'check_in_type',
    label: 'Tipo de ingreso',
    type: 'multi-select',
    option: 'check_in_types',
    frame: 'general',
  },
  {
    columnId: 'status',
    label: 'Situación',
    type: 'select',
    placeholder: 'En el establecimiento',
    customOptions: [
      { value: 'bajas', label: 'Dados de baja' },
      { value: 'todos', label: 'Todos' },
    ],
  },
  {
    columnId: 'alerts',
    label: 'Alertas',
    type: 'select',
    customOptions: [{ value: '1', label: 'Con alertas activas' }],
    isCompact: true,
  },
  {
    columnId: 'no_rfid',
    label: 'RFID',
    type: 'select',
    placeholder: 'Con o sin RFID',
    customOptions: [{ value: '1', label: 'Sin RFID' }],
  },
  {
    columnId: 'not_weighed',
    label: 'Pesada',
    type: 'select',
    placeholder: 'Cualquiera',
    customOptions: [{ value: '90', label: 'Sin pesar en 90 días' }],
  },
  {
    columnId: 'pregnancy_check_due',
    label: 'Tacto',
    type: 'select',
    placeholder: 'Cualquiera',
    customOptions: [{ value: '1', label: 'Pendiente de tacto' }],
  },
  { columnId: 'date_of_birth', label: 'Fecha de nacimiento', type: 'date-range' },
  { columnId: 'last_weight', label: 'Último peso (kg)', type: 'range' },
  { columnId: 'gdpv', label: 'GDPV (kg/día)', type: 'range' },
]

export const PER_PAGE_OPTIONS = [25, 50, 100] as const

/**
 * Keeps the known, well-formed filters of a URL and drops the rest: a stale link never crashes. Not
 * an object: no filters (`{}`); missing: undefined.
 */
const filtersOrNone = withDefault(validFilters(ANIMAL_FILTERS), {})
const filtersSchema = {
  parse: (value: unknown) => (value === undefined ? undefined : filtersOrNone.parse(value)),
}

/**
 * Whether the view has a chosen value in a filter whose options come from the filter-options query:
 * its dropdown names the chosen option, so the options are needed for the first paint (decision 041).
 */
export function viewNeedsFilterOptions(view: Pick<TableViewState, 'filters'>) {
  return ANIMAL_FILTERS.some(
    (filter) => filter.option !== undefined && view.filters[filter.columnId] !== undefined,
  )
}

/**
 * The Animales view in the URL (spec: URL is state). Every field falls back on its own, so a bad or
 * stale parameter is dropped, never a crash. The selection is `sel`: the selected animals' UUIDs as
 * raw bytes in base64url, 22 characters each (docs/decisions/007), at most MAX_LISTED_SELECTION of
 * them; with `all`, every animal matching the filters except those of `sel` (docs/decisions/016).
 */
export const animalsSearchSchema = searchSchema({
  page: pageParam(100_000),
  perPage: perPageParam(PER_PAGE_OPTIONS),
  sort: dropInvalid(oneOf(ANIMAL_SORT_COLUMNS)),
  desc: flagParam,
  filters: filtersSchema,
  hidden: hiddenColumnsParam(60),
  compact: flagParam,
  sel: dropInvalid(text({ pattern: /^[A-Za-z0-9_-]*$/ })),
  all: flagParam,
})
export type AnimalsSearch = SearchOf<typeof animalsSearchSchema>

const HEX = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

function base64UrlEncode(bytes: Uint8Array) {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

function base64UrlDecode(text: string) {
  const padded = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4)
  const binary = atob(padded)
  return Uint8Array.from(binary, (char) => char.charCodeAt(0))
}

/** Selected UUIDs → the compact `sel` parameter (16 bytes per animal). */
export function encodeSelection(ids: readonly string[]): string | undefined {
  const valid = ids.filter((id) => HEX.test(id))
  if (valid.length === 0) return undefined
  const bytes = new Uint8Array(valid.length * 16)
  valid.forEach((id, index) => {
    const hex = id.replace(/-/g, '')
    for (let i = 0; i < 16; i++) bytes[index * 16 + i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16)
  })
  return base64UrlEncode(bytes)
}

/** The `sel` parameter → UUIDs; anything malformed decodes to no selection. */
export function decodeSelection(sel: string | undefined): string[] {
  if (!sel) return []
  try {
    const bytes = base64UrlDecode(sel)
    if (bytes.length % 16 !== 0) return []
    const ids: string[] = []
    for (let offset = 0; offset < bytes.length; offset += 16) {
      const hex = Array.from(bytes.subarray(offset, offset + 16), (b) =>
        b.toString(16).padStart(2, '0'),
      ).join('')
      ids.push(
        `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`,
      )
    }
    return ids
  } catch {
    return []
  }
}

const ANIMALS_VIEW_CODEC: TableViewCodec<(typeof ANIMAL_SORT_COLUMNS)[number]> = {
  sorts: ANIMAL_SORT_COLUMNS,
  defaultPerPage: DEFAULT_PER_PAGE,
  encodeSelection,
  decodeSelection,
}

export function viewFromSearch(search: AnimalsSearch): TableViewState {
  return viewFromTableSearch(search, ANIMALS_VIEW_CODEC, search.filters ?? {})
}

/** The URL of a view: defaults are left out so links stay short. */
export function searchFromView(view: TableViewState): AnimalsSearch {
  return tableSearchFromView(view, ANIMALS_VIEW_CODEC)
}

/** The provider query of a view (the selection does not change the rows). */
export function apiQueryFromView(
  view: Pick<TableViewState, 'filters' | 'sort' | 'page' | 'perPage'>,
): AnimalListQueryInput {
  const query: Record<string, string | number> = { page: view.page, perPage: view.perPage }
  if (view.sort) {
    query.sort = view.sort.id
    query.order = view.sort.desc ? 'desc' : 'asc'
  }
  Object.assign(query, filtersToQuery(view.filters))
  return query as AnimalListQueryInput
}

/** The local endpoint that streams the Animales export (docs/decisions/016). */
export const ANIMALS_EXPORT_PATH = '/api/export/animals'

/**
 * The export request of a selection: listed animals by id (wherever they are now, checked out
 * included, in the view's order), or every animal matching the view's filters except some; with the
 * visible columns in order. Short whatever the selection's size: a listed one holds at most
 * MAX_LISTED_SELECTION ids.
 */
export function exportSearchParams(
  establishmentId: number,
  view: Pick<TableViewState, 'filters' | 'sort'>,
  selection: TableSelection,
  columnIds: readonly string[],
): URLSearchParams {
  const { page: _page, perPage: _perPage, ...query } = apiQueryFromView({ ...view, page: 1, perPage: 1 })
  const params = new URLSearchParams({ establishmentId: String(establishmentId) })
  if (selection.all) {
    for (const [key, value] of Object.entries(query)) params.set(key, String(value))
    if (selection.except.length) params.set('except', selection.except.join(','))
  } else {
    if (query.sort) params.set('sort', String(query.sort))
    if (query.order) params.set('order', String(query.order))
    params.set('status', 'todos')
    params.set('ids', selection.ids.join(','))
  }
  params.set('columns', columnIds.join(','))
  return params
}
