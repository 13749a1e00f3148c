import { z } from 'zod'
import { establishmentIdSchema } from '~/features/establishments/establishment.schema'
import { riderRecordEstablishment } from '~/features/riders/rider-facts.server'
import {
  createDeathSchema,
  deathRowSchema,
  listAnswer,
  RIDER_MESSAGES,
  riderListQuerySchema,
  updateDeathSchema,
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
  id: dbIdParam(RIDER_MESSAGES.notFound.deaths).meta({ param: { name: 'id', in: 'path' } }),
})
const guardRecord = {
  in: 'param' as const,
  resource: (c: { var: { db: Parameters<typeof riderRecordEstablishment>[0] } }, { id }: { id: number }) =>
    riderRecordEstablishment(c.var.db, 'deaths', id),
  notFound: RIDER_MESSAGES.notFound.deaths,
}

export const listDeathsRoute = establishmentRoute(
  {
    method: 'get',
    path: '/v2/establishments/{id}/deaths',
    tags: ['Muertes'],
    summary: 'Lista paginada, la más reciente primero; filtros: recorredor, rodeo, rango de fechas',
    request: { params: establishmentParams, query: riderListQuerySchema },
    responses: {
      200: {
        description: 'Muertes',
        content: { 'application/json': { schema: listAnswer(deathRowSchema, 'DeathList') } },
      },
      400: errorResponses[400],
      401: errorResponses[401],
      403: errorResponses[403],
    },
  },
  { in: 'param', establishment: 'id' },
)

export const createDeathRoute = establishmentRoute(
  {
    method: 'post',
    path: '/v2/establishments/{id}/deaths',
    tags: ['Muertes'],
    summary: 'Registra la muerte de un animal: sale del rodeo (baja por Muerte) y conserva su historia',
    request: {
      params: establishmentParams,
      body: { content: { 'application/json': { schema: createDeathSchema } }, required: true },
    },
    responses: {
      201: {
        description: 'Registrado',
        content: { 'application/json': { schema: writeAnswer(deathRowSchema, 'DeathCreated') } },
      },
      400: errorResponses[400],
      401: errorResponses[401],
      403: errorResponses[403],
    },
  },
  { in: 'param', establishment: 'id' },
)

export const updateDeathRoute = resourceRoute(
  {
    method: 'patch',
    path: '/v2/deaths/{id}',
    tags: ['Muertes'],
    summary: 'Modifica el registro (solo los campos enviados)',
    request: {
      params: recordParams,
      body: { content: { 'application/json': { schema: updateDeathSchema } }, required: true },
    },
    responses: {
      200: {
        description: 'Modificado',
        content: { 'application/json': { schema: writeAnswer(deathRowSchema, 'DeathUpdated') } },
      },
      400: errorResponses[400],
      401: errorResponses[401],
      404: errorResponses[404],
    },
  },
  guardRecord,
)

export const deleteDeathRoute = resourceRoute(
  {
    method: 'delete',
    path: '/v2/deaths/{id}',
    tags: ['Muertes'],
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
