import { z } from 'zod'
import { bulkUploadErrorSchema } from '~/features/bulk-upload/bulk-upload.schema'
import { establishmentIdSchema } from '~/features/establishments/establishment.schema'
import {
  FEEDLOT_MESSAGES,
  feedlotBoardSchema,
  isoDateSchema,
  penDetailSchema,
  penInputSchema,
} from '~/features/feedlot/feedlot.schema'
import { dbIdParam } from '~/lib/db-id'
import { answersRowProblems, fileField, uploadLimit } from '../bulk-upload/bulk-upload.routes'
import { errorResponses } from '../lib/errors'
import { establishmentRoute } from '../lib/guard'

/** Designed for the feedlot board (spec section 2 gives only its route; decision 038). */
const params = z.object({ id: establishmentIdSchema.meta({ param: { name: 'id', in: 'path' } }) })
const penParams = params.extend({
  rodeoId: dbIdParam(FEEDLOT_MESSAGES.penNotFound).meta({ param: { name: 'rodeoId', in: 'path' } }),
})
const dateQuery = z.object({
  date: isoDateSchema.optional().describe('Fecha de la proyección (AAAA-MM-DD); por omisión, hoy'),
})
const reads = { 400: errorResponses[400], 401: errorResponses[401], 403: errorResponses[403] }

export const feedlotBoardRoute = establishmentRoute(
  {
    method: 'get',
    path: '/v2/establishments/{id}/feedlot/pens',
    tags: ['Feedlot'],
    summary:
      'Corrales de feedlot con sus indicadores (cabezas, días de encierre, pesos, ADG, proyecciones, consumo)',
    request: { params, query: dateQuery },
    responses: {
      200: { description: 'Corrales', content: { 'application/json': { schema: feedlotBoardSchema } } },
      ...reads,
    },
  },
  { in: 'param', establishment: 'id' },
)

export const penDetailRoute = establishmentRoute(
  {
    method: 'get',
    path: '/v2/establishments/{id}/feedlot/pens/{rodeoId}',
    tags: ['Feedlot'],
    summary: 'Un corral: sus indicadores y sus animales en encierre, con las pesadas desde el ingreso',
    request: { params: penParams, query: dateQuery },
    responses: {
      200: { description: 'Corral', content: { 'application/json': { schema: penDetailSchema } } },
      ...reads,
      404: errorResponses[404],
    },
  },
  { in: 'param', establishment: 'id' },
)

export const savePenRoute = establishmentRoute(
  {
    method: 'put',
    path: '/v2/establishments/{id}/feedlot/pens/{rodeoId}',
    tags: ['Feedlot'],
    summary: 'Marca un rodeo como corral de feedlot con su peso objetivo (solo administradores)',
    request: {
      params: penParams,
      body: { content: { 'application/json': { schema: penInputSchema } }, required: true },
    },
    responses: {
      200: {
        description: 'Corral guardado',
        content: { 'application/json': { schema: z.object({ message: z.string() }) } },
      },
      ...reads,
      404: errorResponses[404],
    },
  },
  { in: 'param', establishment: 'id', admin: FEEDLOT_MESSAGES.notAdmin },
)

export const removePenRoute = establishmentRoute(
  {
    method: 'delete',
    path: '/v2/establishments/{id}/feedlot/pens/{rodeoId}',
    tags: ['Feedlot'],
    summary: 'Deja de tratar un rodeo como corral (solo administradores); sus entregas de alimento se borran',
    request: { params: penParams },
    responses: {
      200: {
        description: 'Corral quitado',
        content: { 'application/json': { schema: z.object({ message: z.string() }) } },
      },
      ...reads,
      404: errorResponses[404],
    },
  },
  { in: 'param', establishment: 'id', admin: FEEDLOT_MESSAGES.notAdmin },
)

const uploadError = (description: string) => ({
  description,
  content: { 'application/json': { schema: bulkUploadErrorSchema } },
})

export const deliveriesUploadRoute = establishmentRoute(
  {
    method: 'post',
    path: '/v2/establishments/{id}/feedlot/deliveries',
    tags: ['Feedlot'],
    summary:
      'Importa entregas de alimento por corral y día (Corral, Fecha, Kg tal cual, % MS), todas o ninguna',
    middleware: [answersRowProblems, uploadLimit] as const,
    request: {
      params,
      body: { required: true, content: { 'multipart/form-data': { schema: z.object({ file: fileField }) } } },
    },
    responses: {
      201: {
        description: 'Se guardaron todas las filas',
        content: {
          'application/json': { schema: z.object({ message: z.string(), rows: z.number().int() }) },
        },
      },
      400: uploadError('Archivo o filas inválidos; `rows` lista los problemas y no se guardó ninguna'),
      401: uploadError('Sin sesión o token inválido'),
      403: uploadError('No es administrador del establecimiento'),
      413: uploadError('Archivo demasiado grande'),
    },
  },
  { in: 'param', establishment: 'id', admin: FEEDLOT_MESSAGES.notAdmin },
)
