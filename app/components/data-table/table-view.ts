import { z } from 'zod'
import { TEXT_FILTER_MAX_LENGTH } from '~/lib/list-query'
import type { FilterConfig, FilterValue, FilterValues } from './data-table.types'

/**
 * Pieces of a table view kept in the URL (spec: URL is state), shared by the tables of the app:
 * the filters checked one by one against their configuration — a stale or hand-edited link drops
 * what is wrong and never crashes — and the provider query a view asks for.
 */

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/)

/** One filter's value, checked against its configuration; undefined drops it. */
export function validFilterValue(filter: FilterConfig, value: unknown): FilterValue | undefined {
  switch (filter.type) {
    case 'input': {
      const text = z
        .string()
        .trim()
        .min(1)
        .max(TEXT_FILTER_MAX_LENGTH - 1)
        .safeParse(value)
      return text.success ? text.data : undefined
    }
    case 'select': {
      const option = z
        .string()
        .regex(/^[\w-]+$/)
        .safeParse(value)
      if (!option.success) return undefined
      if (filter.customOptions && !filter.customOptions.some((o) => o.value === option.data)) return undefined
      return option.data
    }
    case 'multi-select': {
      const ids = z.array(z.string().regex(/^\d+$/)).min(1).max(100).safeParse(value)
      return ids.success ? ids.data : undefined
    }
    case 'date-range': {
      const range = z.object({ from: isoDate.optional(), to: isoDate.optional() }).safeParse(value)
      return range.success && (range.data.from || range.data.to) ? range.data : undefined
    }
    case 'range': {
      const range = z
        .object({ min: z.number().finite().optional(), max: z.number().finite().optional() })
        .safeParse(value)
      return range.success && (range.data.min !== undefined || range.data.max !== undefined)
        ? range.data
        : undefined
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
