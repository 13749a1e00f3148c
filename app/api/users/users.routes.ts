import { z } from 'zod'
import { userRolesSchema } from '~/features/auth/auth.schema'
import { establishmentSchema } from '~/features/establishments/establishment.schema'
import { errorResponses } from '../lib/errors'
import { callerRoute } from '../lib/guard'

const lookup = z.object({ id: z.number().int(), description: z.string() })

export const userEstablishmentsRoute = callerRoute({
  method: 'get',
  path: '/v1/user/establishments',
  tags: ['Usuario'],
  summary: 'Los establecimientos del usuario (todos, para un superadministrador)',
  responses: {
    200: {
      description: 'Establecimientos',
      content: { 'application/json': { schema: z.object({ data: z.array(establishmentSchema) }) } },
    },
    401: errorResponses[401],
  },
})

export const userRolesRoute = callerRoute({
  method: 'get',
  path: '/v2/user/roles',
  tags: ['Usuario'],
  summary: 'Roles del usuario: isSuperAdmin y roleInEstablishment (administrador por establecimiento)',
  responses: {
    200: {
      description: 'Roles',
      content: { 'application/json': { schema: z.object({ data: userRolesSchema }) } },
    },
    401: errorResponses[401],
  },
})

export const riderFrameworkRoute = callerRoute({
  method: 'get',
  path: '/v1/user/sync-framework-rider',
  tags: ['Marcos'],
  summary: 'Marco de recorredores: causas de muerte, tratamientos, condiciones corporales',
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
