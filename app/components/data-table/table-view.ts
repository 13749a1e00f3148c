import { TEXT_FILTER_MAX_LENGTH } from '~/lib/list-limits'
import {
  boolean,
  type Check,
  dropInvalid,
  finiteNumber,
  INVALID,
  isoDate,
  isRecord,
  list,
  optionalFields,
  text,
  wholeNumber,
} from '~/lib/search-params'
import type { FilterConfig, FilterValue, FilterValues, TableViewState } from './data-table.types'

/**
 * Pieces of a table view kept in the URL (spec: URL is state), shared by the tables of the app:
 * the filters checked one by one against their configuration — a stale or hand-edited link drops
 * what is wrong and never crashes — and the provider query a view asks for.
 */

const filterText = text({ trim: true, minLength: 1, maxLength: TEXT_FILTER_MAX_LENGTH - 1 })
const filterOption = text({ pattern: /^[\w-]+$/ })
const filterIds = list(text({ pattern: /^\d+$/ }), { minLength: 1, maxLength: 100 })
const dateRange = optionalFields({ from: isoDate, to: isoDate })
const numberRange = optionalFields({ min: finiteNumber, max: finiteNumber })

/** One filter's value, checked against its configuration; undefined drops it. */
export function validFilterValue(filter: FilterConfig, value: unknown): FilterValue | undefined {
  switch (filter.type) {
    case 'input': {
      const checked = filterText(value)
      return checked === INVALID ? undefined : checked
    }
    case 'select': {
      const option = filterOption(value)
      if (option === INVALID) return undefined
      if (filter.customOptions && !filter.customOptions.some((o) => o.value === option)) return undefined
      return option
    }
    case 'multi-select': {
      const ids = filterIds(value)
      return ids === INVALID ? undefined : ids
    }
    case 'date-range': {
      const range = dateRange(value)
      return range !== INVALID && (range.from || range.to) ? range : undefined
    }
    case 'range': {
      const range = numberRange(value)
      return range !== INVALID && (range.min !== undefined || range.max !== undefined) ? range : undefined
    }
  }
}

/** The known, well-formed filters of a URL; the rest is dropped. */
export function keepValidFilters(
  configs: readonly FilterConfig[],
  raw: Record<string, unknown>,
): FilterValues {
  const byId = new Map(configs.map((filter) => [filter.columnId, filter]))
  const filters: FilterValues = {}
  for (const [id, value] of Object.entries(raw)) {
    const filter = byId.get(id)
    const valid = filter ? validFilterValue(filter, value) : undefined
    if (valid !== undefined) filters[id] = valid
  }
  return filters
}

/* The table parameters of a page's search schema (decision 046: without zod). */
/** A table's page number, 1 to `max`. */
export const pageParam = (max: number) => dropInvalid(wholeNumber({ min: 1, max }))

/** A table's page size, one of those it offers. */
export const perPageParam = (options: readonly number[]) => dropInvalid(wholeNumber({ oneOf: options }))

/** A table's hidden columns: ids of at most 40 characters, at most `max` of them. */
export const hiddenColumnsParam = (max: number) =>
  dropInvalid(list(text({ maxLength: 40 }), { maxLength: max }))

/** A table's filters, any object: only those of its own filters whose values fit (`keepValidFilters`). */
export const validFilters =
  (filters: readonly FilterConfig[]): Check<FilterValues> =>
  (value) =>
    isRecord(value) ? keepValidFilters(filters, value) : INVALID

/** A table's filters: only those of its own filters whose values fit; not an object, dropped. */
export const filtersParam = (filters: readonly FilterConfig[]) => dropInvalid(validFilters(filters))

/** Sort direction, density, 'all matching': true or false. */
export const flagParam = dropInvalid(boolean)

/**
 * A view's filters as provider query parameters: text and options as they are, lists joined with
 * commas, date ranges as `_from`/`_to`, number ranges as `_min`/`_max`.
 */
export function filtersToQuery(filters: FilterValues): Record<string, string | number> {
  const query: Record<string, string | number> = {}
  for (const [id, value] of Object.entries(filters)) {
    if (typeof value === 'string') query[id] = value
    else if (Array.isArray(value)) query[id] = value.join(',')
    else if ('from' in value || 'to' in value) {
      if ('from' in value && value.from) query[`${id}_from`] = value.from
      if ('to' in value && value.to) query[`${id}_to`] = value.to
    } else {
      if ('min' in value && value.min !== undefined) query[`${id}_min`] = value.min
      if ('max' in value && value.max !== undefined) query[`${id}_max`] = value.max
    }
  }
  return query
}

/** What every table keeps of its view in the URL; each page's search schema validates this shape. */
export interface TableViewSearch<TSort extends string> {
  page?: number
  perPage?: number
  sort?: TSort
  desc?: boolean
  filters?: FilterValues
  hidden?: string[]
  compact?: boolean
  /** The listed selection, or with `all` the rows unticked from 'all matching'. */
  sel?: string
  /** 'Seleccionar los N que coinciden' (docs/decisions/016). */
  all?: boolean
}

/** How one table writes its view: the columns it sorts by, its page size, how it packs a selection. */
export interface TableViewCodec<TSort extends string> {
  sorts: readonly TSort[]
  defaultPerPage: number
  encodeSelection: (ids: readonly string[]) => string | undefined
  decodeSelection: (sel: string | undefined) => string[]
}

/** The table state of a URL's view; `filters` are those already checked against the table's filters. */
export function viewFromTableSearch<TSort extends string>(
  search: TableViewSearch<TSort>,
  codec: TableViewCodec<TSort>,
  filters: FilterValues,
): TableViewState {
  const sort = search.sort && codec.sorts.includes(search.sort) ? search.sort : undefined
  return {
    filters,
    sort: sort ? { id: sort, desc: search.desc ?? false } : undefined,
    page: search.page ?? 1,
    perPage: search.perPage ?? codec.defaultPerPage,
    hidden: search.hidden ?? [],
    compact: search.compact ?? false,
    ...(search.all
      ? { selected: [], allMatching: true, excluded: codec.decodeSelection(search.sel) }
      : { selected: codec.decodeSelection(search.sel) }),
  }
}

/** The URL of a view: defaults left out so links stay short. */
export function tableSearchFromView<TSort extends string>(
  view: TableViewState,
  codec: TableViewCodec<TSort>,
): TableViewSearch<TSort> {
  const sort = view.sort ? codec.sorts.find((column) => column === view.sort?.id) : undefined
  return {
    page: view.page > 1 ? view.page : undefined,
    perPage: view.perPage !== codec.defaultPerPage ? view.perPage : undefined,
    sort,
    desc: sort && view.sort?.desc ? true : undefined,
    filters: Object.keys(view.filters).length ? view.filters : undefined,
    hidden: view.hidden.length ? view.hidden : undefined,
    compact: view.compact || undefined,
    sel: codec.encodeSelection(view.allMatching ? (view.excluded ?? []) : view.selected),
    all: view.allMatching || undefined,
  }
}
