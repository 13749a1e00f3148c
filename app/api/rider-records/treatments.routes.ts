import { z } from 'zod'
import { establishmentIdSchema } from '~/features/establishments/establishment.schema'
import { riderRecordEstablishment } from '~/features/riders/rider-facts.server'
import {
  createTreatmentsSchema,
  listAnswer,
  RIDER_MESSAGES,
  riderListQuerySchema,
  treatmentRowSchema,
  updateTreatmentSchema,
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
  id: dbIdParam(RIDER_MESSAGES.notFound.treatments).meta({ param: { name: 'id', in: 'path' } }),
})
const guardRecord = {
  in: 'param' as const,
  resource: (c: { var: { db: Parameters<typeof riderRecordEstablishment>[0] } }, { id }: { id: number }) =>
    riderRecordEstablishment(c.var.db, 'treatments', id),
  notFound: RIDER_MESSAGES.notFound.treatments,
}

export const listTreatmentsRoute = establishmentRoute(
  {
    method: 'get',
    path: '/v2/establishments/{id}/treatments',
    tags: ['Tratamientos'],
    summary: 'Lista paginada, la más reciente primero; filtros: recorredor, rodeo, rango de fechas',
    request: { params: establishmentParams, query: riderListQuerySchema },
    responses: {
      200: {
        description: 'Tratamientos',
        content: { 'application/json': { schema: listAnswer(treatmentRowSchema, 'TreatmentList') } },
      },
      400: errorResponses[400],
      401: errorResponses[401],
      403: errorResponses[403],
    },
  },
  { in: 'param', establishment: 'id' },
)

export const createTreatmentRoute = establishmentRoute(
  {
    method: 'post',
    path: '/v2/establishments/{id}/treatments',
    tags: ['Tratamientos'],
    summary:
      'Registra un tratamiento para uno o varios animales; cada uno recibe una alerta hasta el fin del retiro',
    request: {
      params: establishmentParams,
      body: { content: { 'application/json': { schema: createTreatmentsSchema } }, required: true },
    },
    responses: {
      201: {
        description: 'Registrado',
        content: {
          'application/json': { schema: writeAnswer(z.array(treatmentRowSchema), 'TreatmentsCreated') },
        },
      },
      400: errorResponses[400],
      401: errorResponses[401],
      403: errorResponses[403],
    },
  },
  // The offline outbox sends it with an Idempotency-Key (decision 040).
  { in: 'param', establishment: 'id', idempotent: true },
)

export const updateTreatmentRoute = resourceRoute(
  {
    method: 'patch',
    path: '/v2/treatments/{id}',
    tags: ['Tratamientos'],
    summary: 'Modifica el registro (solo los campos enviados)',
    request: {
      params: recordParams,
      body: { content: { 'application/json': { schema: updateTreatmentSchema } }, required: true },
    },
    responses: {
      200: {
        description: 'Modificado',
        content: { 'application/json': { schema: writeAnswer(treatmentRowSchema, 'TreatmentUpdated') } },
      },
      400: errorResponses[400],
      401: errorResponses[401],
      404: errorResponses[404],
    },
  },
  guardRecord,
)

export const deleteTreatmentRoute = resourceRoute(
  {
    method: 'delete',
    path: '/v2/treatments/{id}',
    tags: ['Tratamientos'],
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
