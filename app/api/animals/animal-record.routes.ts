import { z } from 'zod'
import {
  ANIMAL_MESSAGES,
  animalCreateBodySchema,
  animalDetailSchema,
  animalEventsResponseSchema,
  animalPickerQuerySchema,
  animalPickerResponseSchema,
  animalUpdateBodySchema,
  deleteAnimalQuerySchema,
} from '~/features/animals/animal-record.schema'
import { animalEstablishment } from '~/features/animals/animal-record.server'
import { establishmentIdSchema } from '~/features/establishments/establishment.schema'
import { errorResponses, errorSchema } from '../lib/errors'
import { establishmentRoute, resourceRoute } from '../lib/guard'

/**
 * The animal record (issue 5, spec section 7). An animal id names its establishment: routes without
 * an establishment in the path check membership of the animal's, and answer an unknown animal and one
 * of another establishment alike (404). Ids are plain text here so that an outsider's request is
 * refused before anything about the animal is looked at.
 */
const animalIdParam = z.object({
  id: z.string().meta({ param: { name: 'id', in: 'path' }, description: 'uuid del animal' }),
})
const scopedParams = z.object({
  eid: establishmentIdSchema.meta({ param: { name: 'eid', in: 'path' } }),
  aid: z.string().meta({ param: { name: 'aid', in: 'path' }, description: 'uuid del animal' }),
})
const detailResponse = z.object({ data: animalDetailSchema })
const writeResponse = z.object({ message: z.string(), data: animalDetailSchema })
const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
})
const conflict = json(errorSchema, 'El animal cambió desde que se abrió el formulario (versión vieja)')

export const animalDetailRoute = resourceRoute(
  {
    method: 'get',
    path: '/v2/animals/{id}',
    tags: ['Animales'],
    summary: 'Ficha de un animal vivo (datos de edición y descripciones)',
    request: { params: animalIdParam },
    responses: { 200: json(detailResponse, 'El animal'), 401: errorResponses[401], 404: errorResponses[404] },
  },
  {
    in: 'param',
    resource: (c, { id }) => animalEstablishment(c.var.db, id),
    notFound: ANIMAL_MESSAGES.notFound,
  },
)

export const animalEventsRoute = resourceRoute(
  {
    method: 'get',
    path: '/v2/animals/{id}/events',
    tags: ['Animales'],
    summary:
      'Todo lo que le ocurrió al animal: pesadas, inseminaciones, diagnósticos, preservicios, condición corporal y notas (lo más reciente primero)',
    request: { params: animalIdParam },
    responses: {
      200: json(animalEventsResponseSchema, 'Los eventos'),
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

export const establishmentAnimalRoute = establishmentRoute(
  {
    method: 'get',
    path: '/v1/establishment/{eid}/animals/{aid}',
    tags: ['Animales'],
    summary: 'Ficha de un animal vivo del establecimiento',
    request: { params: scopedParams },
    responses: {
      200: json(detailResponse, 'El animal'),
      401: errorResponses[401],
      403: errorResponses[403],
      404: errorResponses[404],
    },
  },
  { in: 'param', establishment: 'eid' },
)

export const updateAnimalRoute = establishmentRoute(
  {
    method: 'put',
    path: '/v1/establishment/{eid}/animals/{aid}',
    tags: ['Animales'],
    summary:
      'Modifica un animal: ids como texto o null (el texto "null" es null), date_of_birth como yyyy/MM/dd HH:mm:ss; con la versión leída, sólo si nadie lo modificó desde entonces (una versión vieja responde 409)',
    request: {
      params: scopedParams,
      body: { content: { 'application/json': { schema: animalUpdateBodySchema } }, required: true },
    },
    responses: {
      200: json(writeResponse, 'Animal modificado'),
      400: errorResponses[400],
      401: errorResponses[401],
      403: errorResponses[403],
      404: errorResponses[404],
      409: conflict,
    },
  },
  { in: 'param', establishment: 'eid' },
)

export const deleteAnimalRoute = establishmentRoute(
  {
    method: 'delete',
    path: '/v1/establishment/{eid}/animals/{aid}',
    tags: ['Animales'],
    summary:
      'Elimina un animal: deja de figurar y libera sus caravanas; su historia se conserva (con ?version=, sólo si nadie lo modificó desde entonces)',
    request: { params: scopedParams, query: deleteAnimalQuerySchema },
    responses: {
      200: json(z.object({ message: z.string() }), 'Animal eliminado'),
      400: errorResponses[400],
      401: errorResponses[401],
      403: errorResponses[403],
      404: errorResponses[404],
      409: json(errorSchema, 'El animal cambió desde que se mostró (versión vieja)'),
    },
  },
  { in: 'param', establishment: 'eid' },
)

export const createAnimalRoute = establishmentRoute(
  {
    method: 'post',
    path: '/v3/establishments/{eid}/animals',
    tags: ['Animales'],
    summary: 'Alta de un animal con los campos del formulario de creación',
    request: {
      params: z.object({ eid: establishmentIdSchema.meta({ param: { name: 'eid', in: 'path' } }) }),
      body: { content: { 'application/json': { schema: animalCreateBodySchema } }, required: true },
    },
    responses: {
      201: json(writeResponse, 'Animal creado'),
      400: errorResponses[400],
      401: errorResponses[401],
      403: errorResponses[403],
    },
  },
  { in: 'param', establishment: 'eid' },
)

export const animalPickerRoute = establishmentRoute(
  {
    method: 'get',
    path: '/v2/establishments/{establishmentId}/animals/picker',
    tags: ['Animales'],
    summary:
      'Selector de animales (modo mother: hembras presentes, sin las dadas de baja, sin el animal editado ni sus descendientes; modo all: todos los vivos), filtrado por prefijo de IDV y RFID y paginado',
    request: {
      params: z.object({
        establishmentId: establishmentIdSchema.meta({ param: { name: 'establishmentId', in: 'path' } }),
      }),
      query: animalPickerQuerySchema,
    },
    responses: {
      200: json(animalPickerResponseSchema, 'Una página de animales'),
      400: errorResponses[400],
      401: errorResponses[401],
      403: errorResponses[403],
    },
  },
  { in: 'param', establishment: 'establishmentId' },
)
