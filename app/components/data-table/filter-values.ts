import { TEXT_FILTER_MAX_LENGTH } from '~/lib/list-limits'
import type { DateRangeValue, FilterValue, FilterValues, RangeValue } from './data-table.types'

/** Spec section 9: a dropdown filter gets a search box when it has more options than this. */
export const DROPDOWN_SEARCH_THRESHOLD = 5

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
}

function isBlankNumber(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'number' && Number.isNaN(value))
}

/**
 * Whether a filter value filters nothing: an empty or blank string, an empty list, a range with
 * neither bound, a date range with neither date. Such values are removed from the state (spec 5).
 */
export function isEmptyFilterValue(value: FilterValue | undefined | null): boolean {
  if (isBlank(value)) return true
  if (Array.isArray(value)) return value.every(isBlank)
  if (typeof value === 'object' && value !== null) {
    if ('min' in value || 'max' in value) {
      const range = value as RangeValue
      return isBlankNumber(range.min) && isBlankNumber(range.max)
    }
    if ('from' in value || 'to' in value) {
      const dates = value as DateRangeValue
      return isBlank(dates.from) && isBlank(dates.to)
    }
    return true
  }
  return false
}

/**
 * Returns new filter values with `columnId` set to `value`, or without `columnId` when the value is
 * empty (see `isEmptyFilterValue`). Never mutates `filters`.
 */
export function setFilter(
  filters: FilterValues,
  columnId: string,
  value: FilterValue | undefined | null,
): FilterValues {
  const { [columnId]: _previous, ...rest } = filters
  if (value === undefined || value === null || isEmptyFilterValue(value)) return rest
  return { ...rest, [columnId]: value }
}

/** How many filters are in effect (empty values, should any slip in, do not count). */
export function countFilters(filters: FilterValues | undefined): number {
  if (!filters) return 0
  return Object.values(filters).filter((value) => !isEmptyFilterValue(value)).length
}

/** Spec 5: a text filter value is accepted only when shorter than 20 characters. */
export function isAcceptedText(value: string): boolean {
  return value.length < TEXT_FILTER_MAX_LENGTH
}
