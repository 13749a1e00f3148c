import { createRoute } from '@hono/zod-openapi'
import { z } from 'zod'
import { userRolesSchema } from '~/features/auth/auth.schema'
import { establishmentSchema } from '~/features/establishments/establishment.schema'
import { bearerSecurity, requireAuth } from '../lib/auth'
import { errorResponses } from '../lib/errors'

const lookup = z.object({ id: z.number().int(), description: z.string() })

export const userEstablishmentsRoute = createRoute({
  method: 'get',
  path: '/v1/user/establishments',
  tags: ['Usuario'],
  summary: 'Los establecimientos del usuario (todos, para un superadministrador)',
  security: bearerSecurity,
  middleware: [requireAuth] as const,
  responses: {
    200: {
      description: 'Establecimientos',
      content: { 'application/json': { schema: z.object({ data: z.array(establishmentSchema) }) } },
    },
    401: errorResponses[401],
  },
})

export const userRolesRoute = createRoute({
  method: 'get',
  path: '/v2/user/roles',
  tags: ['Usuario'],
  summary: 'Roles del usuario: isSuperAdmin y roleInEstablishment (administrador por establecimiento)',
  security: bearerSecurity,
  middleware: [requireAuth] as const,
  responses: {
    200: {
      description: 'Roles',
      content: { 'application/json': { schema: z.object({ data: userRolesSchema }) } },
    },
    401: errorResponses[401],
  },
})

export const riderFrameworkRoute = createRoute({
  method: 'get',
  path: '/v1/user/sync-framework-rider',
  tags: ['Marcos'],
  summary: 'Marco de recorredores: causas de muerte, tratamientos, condiciones corporales',
  security: bearerSecurity,
  middleware: [requireAuth] as const,
  responses: {
    200: {
      description: 'Marco de recorredores',
      content: {
        'application/json': {
          schema: z.object({
            data: z.object({
              death_causes: z.array(lookup),
              treatments: z.array(lookup),
              body_conditions_riders: z.array(lookup),
            }),
          }),
        },
      },
    },
    401: errorResponses[401],
  },
})
