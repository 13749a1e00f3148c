import { z } from 'zod'
import {
  boardSchema,
  establishmentIdSchema,
  establishmentSchema,
} from '~/features/establishments/establishment.schema'
import { errorResponses } from '../lib/errors'
import { callerRoute, establishmentRoute } from '../lib/guard'

const lookup = z.object({ id: z.number().int(), description: z.string() })
const idParam = z.object({ id: establishmentIdSchema.meta({ param: { name: 'id', in: 'path' } }) })

export const establishmentsRoute = callerRoute({
  method: 'get',
  path: '/v2/establishments',
  tags: ['Establecimientos'],
  summary: 'Establecimientos visibles para el usuario',
  responses: {
    200: {
      description: 'Establecimientos',
      content: { 'application/json': { schema: z.object({ data: z.array(establishmentSchema) }) } },
    },
    401: errorResponses[401],
  },
})

export const generalFrameworkRoute = callerRoute({
  method: 'get',
  path: '/v2/framework',
  tags: ['Marcos'],
  summary: 'Marco general: tablas de referencia (categorías, razas, colores, diagnósticos, …)',
  responses: {
    200: {
      description: 'Marco general',
      content: {
        'application/json': {
          schema: z.object({
            data: z.object({
              check_in_types: z.array(lookup),
              check_out_types: z.array(lookup),
              animal_types: z.array(lookup),
              colors: z.array(lookup),
              breeds: z.array(lookup),
              birth_types: z.array(lookup),
              pregnancy_check_details: z.array(lookup),
              weighing_time: z.array(lookup),
              body_condition_detail: z.array(lookup),
              sex: z.array(lookup),
              ovarian_status: z.array(lookup),
              rdg: z.array(lookup),
              status_type: z.array(lookup),
            }),
          }),
        },
      },
    },
    401: errorResponses[401],
  },
})

export const establishmentFrameworkRoute = establishmentRoute(
  {
    method: 'get',
    path: '/v2/establishment/{id}/framework',
    tags: ['Marcos'],
    summary: 'Marco del establecimiento: rodeos, toros, recorredores, inseminadores, orígenes, propietarios',
    request: { params: idParam },
    responses: {
      200: {
        description: 'Marco del establecimiento',
        content: {
          'application/json': {
            schema: z.object({
              data: z.object({
                rodeo: z.array(lookup),
                bulls: z.array(z.object({ bull_id: z.number().int(), alias: z.string() })),
                riders: z.array(z.object({ key: z.string(), description: z.string() })),
                inseminators: z.array(
                  z.object({
                    inseminator_id: z.number().int(),
                    first_name: z.string(),
                    last_name: z.string(),
                  }),
                ),
                origins: z.array(lookup),
                owners: z.array(z.object({ owner_id: z.number().int(), name: z.string() })),
              }),
            }),
          },
        },
      },
      401: errorResponses[401],
      403: errorResponses[403],
    },
  },
  { in: 'param', establishment: 'id' },
)

export const boardsRoute = establishmentRoute(
  {
    method: 'get',
    path: '/v2/establishments/{id}/boards',
    tags: ['Tableros'],
    summary: 'Tableros del establecimiento por tipo (1 = RFI, 2 = feedlot)',
    request: {
      params: idParam,
      query: z.object({
        dashboard_type_id: z.coerce
          .number()
          .pipe(z.union([z.literal(1), z.literal(2)]))
          .optional(),
      }),
    },
    responses: {
      200: {
        description: 'Tableros',
        content: { 'application/json': { schema: z.object({ data: z.array(boardSchema) }) } },
      },
      400: errorResponses[400],
      401: errorResponses[401],
      403: errorResponses[403],
    },
  },
  { in: 'param', establishment: 'id' },
)
