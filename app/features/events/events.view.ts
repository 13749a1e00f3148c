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
import { dropInvalid, oneOf, type SearchOf, searchSchema, text } from '~/lib/search-params'
import { EVENT_FIELDS, type EventKind } from './event-kinds'
import { EVENT_SORT_COLUMNS, EVENTS_DEFAULT_PER_PAGE } from './events-list.params'
import type { EventListQueryInput } from './events-list.schema'

/** Filters every event table has: the animal's tags, category and rodeo, the session, the date. */
const COMMON_FILTERS: FilterConfig[] = [
  {
    columnId: 'visual_tag',
    label: 'IDV',
    type: 'input',
    placeholder: 'Buscar IDV',
    isPrincipal: true,
    isCompact: true,
  },
  { columnId: 'electronic_tag', label: 'RFID', type: 'input', placeholder: 'Buscar RFID', isCompact: true },
  { columnId: 'cattle_handling', label: 'Sesión', type: 'multi-select', option: 'sessions', isCompact: true },
  { columnId: 'read_at', label: 'Fecha', type: 'date-range', isCompact: true },
  {
    columnId: 'category',
    label: 'Categoría',
    type: 'multi-select',
    option: 'animal_types',
    frame: 'general',
  },
  { columnId: 'rodeo', label: 'Rodeo', type: 'multi-select', option: 'rodeo', frame: 'establishment' },
]

/** Each table's filters (spec section 3, filter configuration items). */
export const EVENT_FILTERS: Record<EventKind, FilterConfig[]> = {
  'artificial-insemination': [
    ...COMMON_FILTERS,
    {
      columnId: 'bull',
      label: EVENT_FIELDS['artificial-insemination'].bull.filterLabel,
      type: 'multi-select',
      option: 'bulls',
      frame: 'establishment',
    },
    {
      columnId: 'inseminator',
      label: EVENT_FIELDS['artificial-insemination'].inseminator.filterLabel,
      type: 'multi-select',
      option: 'inseminators',
      frame: 'establishment',
    },
  ],
  'pregnancy-check': [
    ...COMMON_FILTERS,
    {
      columnId: 'pregnancy_check_detail',
      label: EVENT_FIELDS['pregnancy-check'].detail.filterLabel,
      type: 'multi-select',
      option: 'pregnancy_check_details',
      frame: 'general',
      isCompact: true,
    },
    {
      columnId: 'is_ultrasound_scan',
      label: EVENT_FIELDS['pregnancy-check'].ultrasound.filterLabel,
      type: 'select',
      customOptions: [
        { value: '1', label: 'Sí' },
        { value: '0', label: 'No' },
      ],
    },
  ],
  preservice: [
    ...COMMON_FILTERS,
    {
      columnId: 'reproductive_grade',
      label: EVENT_FIELDS.preservice.grade.filterLabel,
      type: 'multi-select',
      option: 'rdg',
      frame: 'general',
    },
    {
      columnId: 'ovarian_status',
      label: EVENT_FIELDS.preservice.ovarian.filterLabel,
      type: 'multi-select',
      option: 'ovarian_status',
      frame: 'general',
    },
  ],
  weighing: [
    ...COMMON_FILTERS,
    {
      columnId: 'weighing_time',
      label: EVENT_FIELDS.weighing.weighingTime.filterLabel,
      type: 'multi-select',
      option: 'weighing_time',
      frame: 'general',
    },
    { columnId: 'weight', label: EVENT_FIELDS.weighing.weight.filterLabel, type: 'range', isCompact: true },
  ],
}

const ALL_FILTERS = Object.values(EVENT_FILTERS).flat()

export const EVENT_PER_PAGE_OPTIONS = [25, 50, 100] as const

/** The three tables of the Manga page's own address (pregnancy checks have theirs, spec section 2). */
export const MANGA_TYPES = ['artificial-inseminations', 'preservices', 'weighings'] as const
export type MangaType = (typeof MANGA_TYPES)[number]
export const KIND_OF_TYPE: Record<MangaType, EventKind> = {
  'artificial-inseminations': 'artificial-insemination',
  preservices: 'preservice',
  weighings: 'weighing',
}

/**
 * An event table's view in the URL (like Animales): page, size, sort, filters, hidden columns,
 * density and selection. Every field falls back on its own, so a bad parameter is dropped. The
 * selection is `sel`: the selected events' ids in base 36, joined by dots.
 */
export const eventsSearchSchema = searchSchema({
  page: pageParam(1_000_000),
  perPage: perPageParam(EVENT_PER_PAGE_OPTIONS),
  sort: dropInvalid(oneOf(EVENT_SORT_COLUMNS)),
  desc: flagParam,
  filters: filtersParam(ALL_FILTERS),
  hidden: hiddenColumnsParam(60),
  compact: flagParam,
  sel: dropInvalid(text({ pattern: /^[0-9a-z]+(\.[0-9a-z]+)*$/, maxLength: 16_000 })),
})
export type EventsSearch = SearchOf<typeof eventsSearchSchema>

/** The Manga page: the same view, and which of its three tables (inseminations by default). */
export const mangaSearchSchema = searchSchema({
  ...eventsSearchSchema.shape,
  type: dropInvalid(oneOf(MANGA_TYPES)),
})
export type MangaSearch = SearchOf<typeof mangaSearchSchema>

export function encodeEventSelection(ids: readonly string[]) {
  const valid = ids.filter((id) => /^\d+$/.test(id)).map((id) => Number(id).toString(36))
  return valid.length ? valid.join('.') : undefined
}

export function decodeEventSelection(sel: string | undefined): string[] {
  if (!sel) return []
  return sel
    .split('.')
    .map((part) => Number.parseInt(part, 36))
    .filter((id) => Number.isSafeInteger(id) && id > 0)
    .map(String)
}

const sortsOf = (kind: EventKind) =>
  EVENT_SORT_COLUMNS.filter((column) => (column !== 'weight' && column !== 'gdpv') || kind === 'weighing')

const codecOf = (kind: EventKind) => ({
  sorts: sortsOf(kind),
  defaultPerPage: EVENTS_DEFAULT_PER_PAGE,
  encodeSelection: encodeEventSelection,
  decodeSelection: decodeEventSelection,
})

/** The table state of a kind's view; filters and sorts of another kind are dropped. */
export function eventViewFromSearch(kind: EventKind, search: EventsSearch): TableViewState {
  return viewFromTableSearch(
    search,
    codecOf(kind),
    keepValidFilters(EVENT_FILTERS[kind], search.filters ?? {}),
  )
}

/** The URL of a view: defaults left out so links stay short. */
export function searchFromEventView(kind: EventKind, view: TableViewState): EventsSearch {
  return tableSearchFromView(view, codecOf(kind))
}

/** The provider query of a view (the selection does not change the rows). */
export function apiQueryFromEventView(
  view: Pick<TableViewState, 'filters' | 'sort' | 'page' | 'perPage'>,
): EventListQueryInput {
  const query: EventListQueryInput = {
    page: view.page,
    perPage: view.perPage,
    ...filtersToQuery(view.filters),
  }
  if (view.sort) {
    const sort = EVENT_SORT_COLUMNS.find((column) => column === view.sort?.id)
    if (sort) {
      query.sort = sort
      query.order = view.sort.desc ? 'desc' : 'asc'
    }
  }
  return query
}
