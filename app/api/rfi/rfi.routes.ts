import { z } from 'zod'
import { ANIMAL_MESSAGES } from '~/features/animals/animal-record.schema'
import { animalEstablishment } from '~/features/animals/animal-record.server'
import { bulkUploadErrorSchema } from '~/features/bulk-upload/bulk-upload.schema'
import { establishmentIdSchema } from '~/features/establishments/establishment.schema'
import {
  animalRfiSchema,
  RFI_MESSAGES,
  rfiResultSchema,
  rfiTestInputSchema,
  rfiTestSchema,
} from '~/features/rfi/rfi.schema'
import { dbIdParam } from '~/lib/db-id'
import { answersRowProblems, fileField, uploadLimit } from '../bulk-upload/bulk-upload.routes'
import { errorResponses } from '../lib/errors'
import { establishmentRoute, resourceRoute } from '../lib/guard'

/** Designed for the RFI board (spec section 2 gives only its route; decision 039). */
const params = z.object({ id: establishmentIdSchema.meta({ param: { name: 'id', in: 'path' } }) })
const testParams = params.extend({
  testId: dbIdParam(RFI_MESSAGES.testNotFound).meta({ param: { name: 'testId', in: 'path' } }),
})
const refusals = { 400: errorResponses[400], 401: errorResponses[401], 403: errorResponses[403] }
const message = { 'application/json': { schema: z.object({ message: z.string() }) } }

export const listRfiTestsRoute = establishmentRoute(
  {
    method: 'get',
    path: '/v2/establishments/{id}/rfi/tests',
    tags: ['RFI'],
    summary: 'Pruebas de eficiencia de conversión (RFI) del establecimiento, la más reciente primero',
    request: { params },
    responses: {
      200: {
        description: 'Pruebas',
        content: { 'application/json': { schema: z.object({ data: z.array(rfiTestSchema) }) } },
      },
      ...refusals,
    },
  },
  { in: 'param', establishment: 'id' },
)

export const createRfiTestRoute = establishmentRoute(
  {
    method: 'post',
    path: '/v2/establishments/{id}/rfi/tests',
    tags: ['RFI'],
    summary: 'Define una prueba: su grupo son los animales del rodeo ahora (solo administradores)',
    request: {
      params,
      body: { content: { 'application/json': { schema: rfiTestInputSchema } }, required: true },
    },
    responses: {
      201: {
        description: 'Prueba creada',
        content: { 'application/json': { schema: z.object({ message: z.string(), data: rfiTestSchema }) } },
      },
      ...refusals,
      404: errorResponses[404],
    },
  },
  { in: 'param', establishment: 'id', admin: RFI_MESSAGES.notAdmin },
)

export const rfiResultRoute = establishmentRoute(
  {
    method: 'get',
    path: '/v2/establishments/{id}/rfi/tests/{testId}',
    tags: ['RFI'],
    summary: 'Resultado de una prueba: DMI, GDPV, MMW, conversión y RFI de cada animal, ordenados',
    request: { params: testParams },
    responses: {
      200: { description: 'Resultado', content: { 'application/json': { schema: rfiResultSchema } } },
      ...refusals,
      404: errorResponses[404],
    },
  },
  { in: 'param', establishment: 'id' },
)

export const deleteRfiTestRoute = establishmentRoute(
  {
    method: 'delete',
    path: '/v2/establishments/{id}/rfi/tests/{testId}',
    tags: ['RFI'],
    summary: 'Elimina una prueba (sus consumos quedan)',
    request: { params: testParams },
    responses: { 200: { description: 'Eliminada', content: message }, ...refusals, 404: errorResponses[404] },
  },
  { in: 'param', establishment: 'id', admin: RFI_MESSAGES.notAdmin },
)

const uploadError = (description: string) => ({
  description,
  content: { 'application/json': { schema: bulkUploadErrorSchema } },
})

export const intakeUploadRoute = establishmentRoute(
  {
    method: 'post',
    path: '/v2/establishments/{id}/rfi/intake',
    tags: ['RFI'],
    summary:
      'Importa el consumo por animal y día de un comedero electrónico (Caravana, Fecha, Kg tal cual, % MS), todas las filas o ninguna',
    middleware: [answersRowProblems, uploadLimit] as const,
    request: {
      params,
      body: { required: true, content: { 'multipart/form-data': { schema: z.object({ file: fileField }) } } },
    },
    responses: {
      201: {
        description: 'Se guardaron todas las filas (un día ya registrado de un animal se reemplaza)',
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
  { in: 'param', establishment: 'id', admin: RFI_MESSAGES.notAdmin },
)

export const animalRfiRoute = resourceRoute(
  {
    method: 'get',
    path: '/v2/animals/{id}/rfi',
    tags: ['RFI'],
    summary: 'El RFI del animal en la última prueba que lo incluyó (null si ninguna)',
    request: {
      params: z.object({
        id: z.string().meta({ param: { name: 'id', in: 'path' }, description: 'uuid del animal' }),
      }),
    },
    responses: {
      200: {
        description: 'RFI del animal',
        content: { 'application/json': { schema: z.object({ data: animalRfiSchema }) } },
      },
      401: errorResponses[401],
      404: errorResponses[404],
    },
  },
  {
    in: 'param',
    resource: (c, { id }) => animalEstablishment(c.var.db, id),
    notFound: ANIMAL_MESSAGES.notFound,
  },
)
