import { z } from 'zod'
import { MAX_DB_ID } from './db-id'
import { TEXT_FILTER_MAX_LENGTH } from './list-limits'
import { isCalendarDate, MIN_RECORD_DATE } from './record-rules'

export { TEXT_FILTER_MAX_LENGTH }

/**
 * Query-string pieces shared by the paged lists of the provider API (animals, event tables) and the
 * tables that build those queries. Multi-valued filters are comma-separated ids; ranges are
 * `_min`/`_max` (numbers) and `_from`/`_to` (dates).
 */

/** Beyond any real list; a larger page would only make an absurd OFFSET. */
export const MAX_PAGE = 1_000_000

const wholeBetween = (min: number, max: number) =>
  `Debe ser un número entero entre ${min.toLocaleString('es-AR')} y ${max.toLocaleString('es-AR')}`

/** `page`, from 1 (the API names it 'Página' in its messages). */
export const pageParam = z.coerce
  .number({ error: wholeBetween(1, MAX_PAGE) })
  .int(wholeBetween(1, MAX_PAGE))
  .min(1, wholeBetween(1, MAX_PAGE))
  .max(MAX_PAGE, wholeBetween(1, MAX_PAGE))
  .default(1)

/** `perPage`, from 1 to the list's own cap. */
export const perPageParam = (max: number, fallback: number) =>
  z.coerce
    .number({ error: wholeBetween(1, max) })
    .int(wholeBetween(1, max))
    .min(1, wholeBetween(1, max))
    .max(max, wholeBetween(1, max))
    .default(fallback)

/** Comma-separated database ids, e.g. `rodeo=3,4`. */
export const idListParam = (max = 500) =>
  z
    .string()
    .transform((value, ctx) => {
      const ids = value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean)
        .map(Number)
      if (ids.length > max || ids.some((id) => !Number.isInteger(id) || id <= 0 || id > MAX_DB_ID)) {
        ctx.addIssue({ code: 'custom', message: 'Lista de identificadores inválida' })
        return z.NEVER
      }
      return ids
    })
    .optional()

export const textFilterParam = z
  .string()
  .trim()
  .max(
    TEXT_FILTER_MAX_LENGTH - 1,
    `El filtro de texto debe tener menos de ${TEXT_FILTER_MAX_LENGTH} caracteres`,
  )
  .optional()

export const numberParam = z.coerce.number().finite().optional()

const DATE_PARAM_INVALID = 'Fecha inválida: use AAAA-MM-DD'

/**
 * A date filter: a real calendar day from 1900-01-01 on. A shape-only check let '2025-13-45' or
 * '0000-01-01' reach the `::timestamp` cast and fail there.
 */
export const isoDateParam = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, DATE_PARAM_INVALID)
  .refine((value) => isCalendarDate(value) && value >= MIN_RECORD_DATE, DATE_PARAM_INVALID)
  .optional()

/** Escapes LIKE wildcards so a tag typed by a user matches literally, as a lower-case prefix. */
export function likePrefix(value: string) {
  return `${value.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/** The `meta` and `links` of a paged answer (the animals list's shape). */
export const pageMetaSchema = z.object({
  current_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  last_page: z.number().int(),
  from: z.number().int().nullable(),
  to: z.number().int().nullable(),
})
export const pageLinksSchema = z.object({
  first: z.string(),
  last: z.string(),
  prev: z.string().nullable(),
  next: z.string().nullable(),
})

/** Builds `meta` and `links` for a page of `rows` rows out of `total`, linking from the request URL. */
export function pageEnvelope(requestUrl: string, page: number, perPage: number, total: number, rows: number) {
  const lastPage = Math.max(1, Math.ceil(total / perPage))
  const link = (target: number) => {
    const url = new URL(requestUrl)
    url.searchParams.set('page', String(target))
    return `${url.pathname}${url.search}`
  }
  const from = rows ? (page - 1) * perPage + 1 : null
  return {
    meta: {
      current_page: page,
      per_page: perPage,
      total,
      last_page: lastPage,
      from,
      to: from ? from + rows - 1 : null,
    },
    links: {
      first: link(1),
      last: link(lastPage),
      prev: page > 1 ? link(page - 1) : null,
      next: page < lastPage ? link(page + 1) : null,
    },
  }
}
