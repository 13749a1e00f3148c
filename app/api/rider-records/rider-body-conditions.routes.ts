import { z } from 'zod'
import { establishmentIdSchema } from '~/features/establishments/establishment.schema'
import { riderRecordEstablishment } from '~/features/riders/rider-facts.server'
import {
  bodyConditionRowSchema,
  createBodyConditionSchema,
  listAnswer,
  RIDER_MESSAGES,
  riderListQuerySchema,
  updateBodyConditionSchema,
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
  id: dbIdParam(RIDER_MESSAGES.notFound['body-conditions']).meta({ param: { name: 'id', in: 'path' } }),
})
const guardRecord = {
  in: 'param' as const,
  resource: (c: { var: { db: Parameters<typeof riderRecordEstablishment>[0] } }, { id }: { id: number }) =>
    riderRecordEstablishment(c.var.db, 'body-conditions', id),
  notFound: RIDER_MESSAGES.notFound['body-conditions'],
}

export const listRiderBodyConditionsRoute = establishmentRoute(
  {
    method: 'get',
    path: '/v2/establishments/{id}/rider-body-conditions',
    tags: ['Condición corporal'],
    summary: 'Lista paginada, la más reciente primero; filtros: recorredor, rodeo, rango de fechas',
    request: { params: establishmentParams, query: riderListQuerySchema },
    responses: {
      200: {
        description: 'Condición corporal',
        content: {
          'application/json': { schema: listAnswer(bodyConditionRowSchema, 'RiderBodyConditionList') },
        },
      },
      400: errorResponses[400],
      401: errorResponses[401],
      403: errorResponses[403],
    },
  },
  { in: 'param', establishment: 'id' },
)

export const createRiderBodyConditionRoute = establishmentRoute(
  {
    method: 'post',
    path: '/v2/establishments/{id}/rider-body-conditions',
    tags: ['Condición corporal'],
    summary: 'Registra la condición corporal de un animal según la escala del recorredor',
    request: {
      params: establishmentParams,
      body: { content: { 'application/json': { schema: createBodyConditionSchema } }, required: true },
    },
    responses: {
      201: {
        description: 'Registrado',
        content: {
          'application/json': { schema: writeAnswer(bodyConditionRowSchema, 'RiderBodyConditionCreated') },
        },
      },
      400: errorResponses[400],
      401: errorResponses[401],
      403: errorResponses[403],
    },
  },
  { in: 'param', establishment: 'id' },
)

export const updateRiderBodyConditionRoute = resourceRoute(
  {
    method: 'patch',
    path: '/v2/rider-body-conditions/{id}',
    tags: ['Condición corporal'],
    summary: 'Modifica el registro (solo los campos enviados)',
    request: {
      params: recordParams,
      body: { content: { 'application/json': { schema: updateBodyConditionSchema } }, required: true },
    },
    responses: {
      200: {
        description: 'Modificado',
        content: {
          'application/json': { schema: writeAnswer(bodyConditionRowSchema, 'RiderBodyConditionUpdated') },
        },
      },
      400: errorResponses[400],
      401: errorResponses[401],
      404: errorResponses[404],
    },
  },
  guardRecord,
)

export const deleteRiderBodyConditionRoute = resourceRoute(
  {
    method: 'delete',
    path: '/v2/rider-body-conditions/{id}',
    tags: ['Condición corporal'],
    summary: 'Elimina el registro',
    request: { params: recordParams },
    responses: {
      200: {
        description: 'Eliminado',
        content: { 'application/json': { schema: z.object({ message: z.string() }) } },
      },
      400: errorResponses[400],
      401: errorResponses[401],
      404: errorResponses[404],
    },
  },
  guardRecord,
)
