import { z } from 'zod'
import { establishmentIdSchema } from '~/features/establishments/establishment.schema'
import { calvingKpisQuerySchema, calvingKpisSchema } from '~/features/riders/calving-kpis.schema'
import { riderFormOptionsSchema } from '~/features/riders/riders.schema'
import { errorResponses } from '../lib/errors'
import { establishmentRoute } from '../lib/guard'

/** Not given by the spec: calving KPIs of Recorredores (issue 21 part 4, docs/kpis-recorredores.md). */
export const calvingKpisRoute = establishmentRoute(
  {
    method: 'get',
    path: '/v2/establishments/{id}/calving-kpis',
    tags: ['Indicadores'],
    summary: 'Partos por período de 21 días de la temporada, intervalo entre partos y muertes por causa',
    request: {
      params: z.object({ id: establishmentIdSchema.meta({ param: { name: 'id', in: 'path' } }) }),
      query: calvingKpisQuerySchema,
    },
    responses: {
      200: {
        description: 'Indicadores',
        content: { 'application/json': { schema: z.object({ data: calvingKpisSchema }) } },
      },
      400: errorResponses[400],
      401: errorResponses[401],
      403: errorResponses[403],
    },
  },
  { in: 'param', establishment: 'id' },
)

/** The choices of the Recorredores forms and filters (riders by id, the rider framework, rodeos). */
export const riderFormOptionsRoute = establishmentRoute(
  {
    method: 'get',
    path: '/v2/establishments/{id}/rider-form-options',
    tags: ['Recorredores'],
    summary:
      'Recorredores, causas de muerte, productos, condiciones corporales, sexos, tipos de parto y rodeos',
    request: {
      params: z.object({ id: establishmentIdSchema.meta({ param: { name: 'id', in: 'path' } }) }),
    },
    responses: {
      200: {
        description: 'Opciones',
        content: { 'application/json': { schema: z.object({ data: riderFormOptionsSchema }) } },
      },
      400: errorResponses[400],
      401: errorResponses[401],
      403: errorResponses[403],
    },
  },
  { in: 'param', establishment: 'id' },
)
