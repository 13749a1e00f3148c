import { createRoute } from '@hono/zod-openapi'
import { z } from 'zod'
import { assignAnimalsResponseSchema, assignAnimalsSchema } from '~/features/animal-moves/animal-moves.schema'
import { dbIdParam } from '~/lib/db-id'
import { bearerSecurity, requireAuth } from '../lib/auth'
import { errorResponses } from '../lib/errors'

const targetParam = (description: string) =>
  z.object({
    id: dbIdParam(description).meta({ param: { name: 'id', in: 'path' } }),
  })

const responses = {
  200: {
    description: 'Todos los animales quedaron en el destino',
    content: { 'application/json': { schema: assignAnimalsResponseSchema } },
  },
  400: errorResponses[400],
  401: errorResponses[401],
  403: errorResponses[403],
  404: errorResponses[404],
} as const

export const assignToRodeoRoute = createRoute({
  method: 'post',
  path: '/v2/animals/assign-to-rodeo/{id}',
  tags: ['Animales'],
  summary: 'Cambio de rodeo en bloque: todos los animales o ninguno, en una transacción',
  security: bearerSecurity,
  middleware: [requireAuth] as const,
  request: {
    params: targetParam('Rodeo inválido'),
    body: { content: { 'application/json': { schema: assignAnimalsSchema } }, required: true },
  },
  responses,
})

export const assignToTypeRoute = createRoute({
  method: 'post',
  path: '/v2/animals/assign-to-type/{id}',
  tags: ['Animales'],
  summary: 'Cambio de categoría en bloque: todos los animales o ninguno, en una transacción',
  security: bearerSecurity,
  middleware: [requireAuth] as const,
  request: {
    params: targetParam('Categoría inválida'),
    body: { content: { 'application/json': { schema: assignAnimalsSchema } }, required: true },
  },
  responses,
})
