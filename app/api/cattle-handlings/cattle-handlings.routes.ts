import { createRoute } from '@hono/zod-openapi'
import { z } from 'zod'
import {
  createSessionSchema,
  sessionHeaderSchema,
  sessionHeadersQuerySchema,
  sessionSchema,
} from '~/features/cattle-handling/cattle-handling.schema'
import { dbIdParam } from '~/lib/db-id'
import { bearerSecurity, requireAuth } from '../lib/auth'
import { errorResponses } from '../lib/errors'

export const sessionHeadersRoute = createRoute({
  method: 'get',
  path: '/v2/cattle_handlings/headers',
  tags: ['Sesiones'],
  summary: 'Sesiones (mangas) del establecimiento: las 500 más recientes, de un tipo de trabajo si se indica',
  security: bearerSecurity,
  middleware: [requireAuth] as const,
  request: { query: sessionHeadersQuerySchema },
  responses: {
    200: {
      description: 'Encabezados de sesión',
      content: { 'application/json': { schema: z.object({ data: z.array(sessionHeaderSchema) }) } },
    },
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
  },
})

export const createSessionRoute = createRoute({
  method: 'post',
  path: '/v2/cattle-handlings',
  tags: ['Sesiones'],
  summary: 'Crea una sesión de trabajo (1 inseminación, 2 diagnóstico de gestación, 3 preservicio, 7 pesada)',
  security: bearerSecurity,
  middleware: [requireAuth] as const,
  request: { body: { content: { 'application/json': { schema: createSessionSchema } }, required: true } },
  responses: {
    201: {
      description: 'Sesión creada',
      content: { 'application/json': { schema: z.object({ message: z.string(), data: sessionSchema }) } },
    },
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
  },
})

export const getSessionRoute = createRoute({
  method: 'get',
  path: '/v2/cattle-handlings/{id}',
  tags: ['Sesiones'],
  summary: 'Una sesión, con cuántos registros y animales lleva (el contador de la manga)',
  security: bearerSecurity,
  middleware: [requireAuth] as const,
  request: {
    params: z.object({
      id: dbIdParam('Sesión inválida').meta({ param: { name: 'id', in: 'path' } }),
    }),
  },
  responses: {
    200: {
      description: 'La sesión',
      content: { 'application/json': { schema: z.object({ data: sessionSchema }) } },
    },
    400: errorResponses[400],
    401: errorResponses[401],
    // Unknown and foreign sessions alike (ids of other establishments cannot be probed).
    404: errorResponses[404],
  },
})
