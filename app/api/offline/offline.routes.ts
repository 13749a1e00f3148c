import { z } from 'zod'
import { establishmentIdSchema } from '~/features/establishments/establishment.schema'
import { offlineSnapshotSchema } from '~/features/offline/offline.schema'
import { errorResponses } from '../lib/errors'
import { establishmentRoute } from '../lib/guard'

/**
 * GET /v2/establishment/{establishmentId}/offline-snapshot: the lookup the chute keeps on the
 * device to work without signal (issue 23, decision 040). Not in the spec.
 */
export const offlineSnapshotRoute = establishmentRoute(
  {
    method: 'get',
    path: '/v2/establishment/{establishmentId}/offline-snapshot',
    tags: ['Manga sin conexión'],
    summary:
      'Los animales vivos del establecimiento con lo que la manga muestra de cada uno (caravanas, categoría, ' +
      'rodeo, sexo, último peso, estado de preñez, alertas activas), en forma compacta por columnas',
    request: {
      params: z.object({
        establishmentId: establishmentIdSchema.meta({ param: { name: 'establishmentId', in: 'path' } }),
      }),
    },
    responses: {
      200: {
        description: 'La instantánea y su versión',
        content: { 'application/json': { schema: offlineSnapshotSchema } },
      },
      400: errorResponses[400],
      401: errorResponses[401],
      403: errorResponses[403],
    },
  },
  { in: 'param', establishment: 'establishmentId' },
)
