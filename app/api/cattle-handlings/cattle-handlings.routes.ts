import { z } from 'zod'
import {
  createSessionSchema,
  SESSION_MESSAGES,
  sessionHeaderSchema,
  sessionHeadersQuerySchema,
  sessionSchema,
} from '~/features/cattle-handling/cattle-handling.schema'
import { sessionEstablishment } from '~/features/cattle-handling/cattle-handling.server'
import { dbIdParam } from '~/lib/db-id'
import { errorResponses } from '../lib/errors'
import { establishmentRoute, resourceRoute } from '../lib/guard'

export const sessionHeadersRoute = establishmentRoute(
  {
    method: 'get',
    path: '/v2/cattle_handlings/headers',
    tags: ['Sesiones'],
    summary:
      'Sesiones (mangas) del establecimiento: las 500 más recientes, de un tipo de trabajo si se indica',
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
  },
  { in: 'query', establishment: 'establishmentId' },
)

export const createSessionRoute = establishmentRoute(
  {
    method: 'post',
    path: '/v2/cattle-handlings',
    tags: ['Sesiones'],
    summary:
      'Crea una sesión de trabajo (1 inseminación, 2 diagnóstico de gestación, 3 preservicio, 7 pesada)',
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
  },
  { in: 'json', establishment: 'establishmentId', idempotent: true },
)

export const getSessionRoute = resourceRoute(
  {
    method: 'get',
    path: '/v2/cattle-handlings/{id}',
    tags: ['Sesiones'],
    summary: 'Una sesión, con cuántos registros y animales lleva (el contador de la manga)',
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
  },
  {
    in: 'param',
    resource: (c, { id }) => sessionEstablishment(c.var.db, id),
    notFound: SESSION_MESSAGES.notFound,
  },
)
