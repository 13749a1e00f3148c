import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { z } from 'zod'
import type { DomainError, DomainErrorKind } from '~/lib/domain-errors'
import type { ApiEnv } from './types'

/** Every error of the provider API answers this shape (spec section 7: "the error field"). */
export const errorSchema = z.object({ error: z.string() }).meta({ id: 'Error' })

/**
 * A refusal that only the HTTP layer knows (a missing or expired bearer token: 401). The domain's
 * refusals are DomainErrors (`~/lib/domain-errors`), mapped below.
 */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

/** The one place a domain refusal becomes an HTTP status (decision 021). */
export const DOMAIN_ERROR_STATUS = {
  'not-found': 404,
  conflict: 409,
  invalid: 400,
  forbidden: 403,
  'too-large': 413,
  unavailable: 503,
} as const satisfies Record<DomainErrorKind, ContentfulStatusCode>

/**
 * The answer to a domain refusal: `{ error }`, or the bulk upload's `{ error, rows, omitted }` when
 * the error lists row problems or the route answers in that shape (`answersRowProblems`), so that
 * every refusal of an upload, a membership check included, keeps the shape its clients read.
 */
export function domainErrorResponse(c: Context<ApiEnv>, error: DomainError) {
  const status = DOMAIN_ERROR_STATUS[error.kind]
  const { rows, omitted } = error.options
  if (rows !== undefined || c.var.rowProblems === true)
    return c.json({ error: error.message, rows: rows ?? [], omitted: omitted ?? 0 }, status)
  return c.json({ error: error.message }, status)
}

export const errorResponses = {
  400: { description: 'Datos inválidos', content: { 'application/json': { schema: errorSchema } } },
  401: {
    description: 'Sin sesión o token inválido',
    content: { 'application/json': { schema: errorSchema } },
  },
  403: {
    description: 'Sin acceso a este establecimiento',
    content: { 'application/json': { schema: errorSchema } },
  },
  404: { description: 'No encontrado', content: { 'application/json': { schema: errorSchema } } },
} as const
