import { z } from 'zod'
import { establishmentIdSchema } from '~/features/establishments/establishment.schema'
import { riderRecordEstablishment } from '~/features/riders/rider-facts.server'
import {
  birthRowSchema,
  createBirthSchema,
  deleteBirthQuerySchema,
  listAnswer,
  RIDER_MESSAGES,
  riderListQuerySchema,
  updateBirthSchema,
  writeAnswer,
} from '~/features/riders/riders.schema'
import { dbIdParam } from '~/lib/db-id'
import { errorResponses } from '../lib/errors'
import { establishmentRoute, resourceRoute } from '../lib/guard'

/** Not given by the spec (section 7): designed for Recorredores (issue 21, decision 036). */
const establishmentParams = z.object({
  id: establishmentIdSchema.meta({ param: { name: 'id', in: 'path' } }),
})
const recordParams = z.object({
  id: dbIdParam(RIDER_MESSAGES.notFound.births).meta({ param: { name: 'id', in: 'path' } }),
})
const guardRecord = {
  in: 'param' as const,
  resource: (c: { var: { db: Parameters<typeof riderRecordEstablishment>[0] } }, { id }: { id: number }) =>
    riderRecordEstablishment(c.var.db, 'births', id),
  notFound: RIDER_MESSAGES.notFound.births,
}

export const listBirthsRoute = establishmentRoute(
  {
    method: 'get',
    path: '/v2/establishments/{id}/births',
    tags: ['Partos'],
    summary: 'Lista paginada, la más reciente primero; filtros: recorredor, rodeo, rango de fechas',
    request: { params: establishmentParams, query: riderListQuerySchema },
    responses: {
      200: {
        description: 'Partos',
        content: { 'application/json': { schema: listAnswer(birthRowSchema, 'BirthList') } },
      },
      400: errorResponses[400],
      401: errorResponses[401],
      403: errorResponses[403],
    },
  },
  { in: 'param', establishment: 'id' },
)

export const createBirthRoute = establishmentRoute(
  {
    method: 'post',
    path: '/v2/establishments/{id}/births',
    tags: ['Partos'],
    summary:
      'Registra un parto y crea el ternero con su madre, en el rodeo de la madre (sin caravana: pendiente de caravana)',
    request: {
      params: establishmentParams,
      body: { content: { 'application/json': { schema: createBirthSchema } }, required: true },
    },
    responses: {
      201: {
        description: 'Registrado',
        content: { 'application/json': { schema: writeAnswer(birthRowSchema, 'BirthCreated') } },
      },
      400: errorResponses[400],
      401: errorResponses[401],
      403: errorResponses[403],
    },
  },
  // The offline outbox sends it with an Idempotency-Key (decision 040).
  { in: 'param', establishment: 'id', idempotent: true },
)

export const updateBirthRoute = resourceRoute(
  {
    method: 'patch',
    path: '/v2/births/{id}',
    tags: ['Partos'],
    summary: 'Modifica el registro (solo los campos enviados)',
    request: {
      params: recordParams,
      body: { content: { 'application/json': { schema: updateBirthSchema } }, required: true },
    },
    responses: {
      200: {
        description: 'Modificado',
        content: { 'application/json': { schema: writeAnswer(birthRowSchema, 'BirthUpdated') } },
      },
      400: errorResponses[400],
      401: errorResponses[401],
      404: errorResponses[404],
    },
  },
  guardRecord,
)

export const deleteBirthRoute = resourceRoute(
  {
    method: 'delete',
    path: '/v2/births/{id}',
    tags: ['Partos'],
    summary: 'Elimina el registro',
    request: { params: recordParams, query: deleteBirthQuerySchema },
    responses: {
      200: {
        description: 'Eliminado',
        content: { 'application/json': { schema: z.object({ message: z.string() }) } },
      },
      400: errorResponses[400],
      401: errorResponses[401],
      404: errorResponses[404],
      409: {
        description:
          'El parto creó un ternero: indique calf=keep o calf=delete (o el ternero tiene registros propios)',
        content: errorResponses[400].content,
      },
    },
  },
  guardRecord,
)
