import { z } from 'zod'
import { establishmentIdSchema } from '~/features/establishments/establishment.schema'
import { riderRecordEstablishment } from '~/features/riders/rider-facts.server'
import {
  createNoteSchema,
  listAnswer,
  noteRowSchema,
  RIDER_MESSAGES,
  riderListQuerySchema,
  updateNoteSchema,
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
  id: dbIdParam(RIDER_MESSAGES.notFound.notes).meta({ param: { name: 'id', in: 'path' } }),
})
const guardRecord = {
  in: 'param' as const,
  resource: (c: { var: { db: Parameters<typeof riderRecordEstablishment>[0] } }, { id }: { id: number }) =>
    riderRecordEstablishment(c.var.db, 'notes', id),
  notFound: RIDER_MESSAGES.notFound.notes,
}

export const listRiderNotesRoute = establishmentRoute(
  {
    method: 'get',
    path: '/v2/establishments/{id}/rider-notes',
    tags: ['Notas'],
    summary: 'Lista paginada, la más reciente primero; filtros: recorredor, rodeo, rango de fechas',
    request: { params: establishmentParams, query: riderListQuerySchema },
    responses: {
      200: {
        description: 'Notas',
        content: { 'application/json': { schema: listAnswer(noteRowSchema, 'RiderNoteList') } },
      },
      400: errorResponses[400],
      401: errorResponses[401],
      403: errorResponses[403],
    },
  },
  { in: 'param', establishment: 'id' },
)

export const createRiderNoteRoute = establishmentRoute(
  {
    method: 'post',
    path: '/v2/establishments/{id}/rider-notes',
    tags: ['Notas'],
    summary: 'Registra una nota sobre un animal tomada fuera de una sesión de manga',
    request: {
      params: establishmentParams,
      body: { content: { 'application/json': { schema: createNoteSchema } }, required: true },
    },
    responses: {
      201: {
        description: 'Registrado',
        content: { 'application/json': { schema: writeAnswer(noteRowSchema, 'RiderNoteCreated') } },
      },
      400: errorResponses[400],
      401: errorResponses[401],
      403: errorResponses[403],
    },
  },
  { in: 'param', establishment: 'id' },
)

export const updateRiderNoteRoute = resourceRoute(
  {
    method: 'patch',
    path: '/v2/rider-notes/{id}',
    tags: ['Notas'],
    summary: 'Modifica el registro (solo los campos enviados)',
    request: {
      params: recordParams,
      body: { content: { 'application/json': { schema: updateNoteSchema } }, required: true },
    },
    responses: {
      200: {
        description: 'Modificado',
        content: { 'application/json': { schema: writeAnswer(noteRowSchema, 'RiderNoteUpdated') } },
      },
      400: errorResponses[400],
      401: errorResponses[401],
      404: errorResponses[404],
    },
  },
  guardRecord,
)

export const deleteRiderNoteRoute = resourceRoute(
  {
    method: 'delete',
    path: '/v2/rider-notes/{id}',
    tags: ['Notas'],
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
