import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { z } from 'zod'

/** Every error of the provider API answers this shape (spec section 7: "the error field"). */
export const errorSchema = z.object({ error: z.string() }).meta({ id: 'Error' })

/** Thrown by handlers and services; the app's error handler turns it into `{ error }`. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message)
    this.name = 'ApiError'
  }
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
