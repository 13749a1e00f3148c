import { z } from 'zod'
import { ANIMAL_EXPORT_COLUMN_IDS, type AnimalExportColumnId } from '~/features/animals/animals.export'
import {
  animalFilterOptionsSchema,
  animalListQuerySchema,
  animalListResponseSchema,
  animalListRowSchema,
} from '~/features/animals/animals.schema'
import { establishmentIdSchema } from '~/features/establishments/establishment.schema'
import { errorResponses } from '../lib/errors'
import { establishmentRoute } from '../lib/guard'

export const animalListRoute = establishmentRoute(
  {
    method: 'get',
    path: '/v2/establishments/{establishmentId}/animals',
    tags: ['Animales'],
    summary: 'Animales del establecimiento: filtrados, ordenados y paginados en la base',
    request: {
      params: z.object({
        establishmentId: establishmentIdSchema.meta({ param: { name: 'establishmentId', in: 'path' } }),
      }),
      query: animalListQuerySchema,
    },
    responses: {
      200: {
        description: 'Una página de animales',
        content: { 'application/json': { schema: animalListResponseSchema } },
      },
      400: errorResponses[400],
      401: errorResponses[401],
      403: errorResponses[403],
    },
  },
  { in: 'param', establishment: 'establishmentId' },
)

export const animalFilterOptionsRoute = establishmentRoute(
  {
    method: 'get',
    path: '/v1/establishment/{eid}/filter',
    tags: ['Animales'],
    summary: 'Opciones de los filtros de la lista de animales, con la cantidad de animales de cada una',
    request: {
      params: z.object({ eid: establishmentIdSchema.meta({ param: { name: 'eid', in: 'path' } }) }),
      query: z.object({ animal_types: z.string().optional() }),
    },
    responses: {
      200: {
        description: 'Opciones',
        content: { 'application/json': { schema: animalFilterOptionsSchema } },
      },
      401: errorResponses[401],
      403: errorResponses[403],
    },
  },
  { in: 'param', establishment: 'eid' },
)

export const animalLookupRoute = establishmentRoute(
  {
    method: 'get',
    path: '/v2/establishments/{establishmentId}/animals/lookup',
    tags: ['Animales'],
    summary:
      'El animal vivo del establecimiento que nombra una caravana: IDV (sin distinguir mayúsculas) o RFID (reparada si perdió el 0 inicial o trae uno de más)',
    request: {
      params: z.object({
        establishmentId: establishmentIdSchema.meta({ param: { name: 'establishmentId', in: 'path' } }),
      }),
      // Optional here so that membership is checked before the tag: an outsider learns nothing.
      query: z.object({ tag: z.string().trim().max(40, 'Caravana demasiado larga').optional() }),
    },
    responses: {
      200: {
        description: 'El animal, con la forma de una fila de la lista',
        content: { 'application/json': { schema: z.object({ data: animalListRowSchema }) } },
      },
      400: errorResponses[400],
      401: errorResponses[401],
      403: errorResponses[403],
      404: errorResponses[404],
    },
  },
  { in: 'param', establishment: 'establishmentId' },
)

/**
 * The visible columns of an export, in order: known column ids, comma-separated. Left out, every
 * column is written, so a plain link to the export (and an outsider's probe) needs no column list.
 */
const exportColumnsParam = z.string().transform((value, ctx) => {
  const ids = value.split(',').filter(Boolean)
  const known = new Set<string>(ANIMAL_EXPORT_COLUMN_IDS)
  if (ids.length === 0 || ids.length > known.size || ids.some((id) => !known.has(id))) {
    ctx.addIssue({ code: 'custom', message: 'Columnas inválidas' })
    return z.NEVER
  }
  return ids as AnimalExportColumnId[]
})

export const animalExportRoute = establishmentRoute(
  {
    method: 'get',
    path: '/v2/establishments/{establishmentId}/animals/export',
    tags: ['Animales'],
    summary:
      "Planilla xlsx (hoja 'Datos') de una selección: los animales de `ids`, o todos los que coinciden con los filtros menos los de `except`; armada y enviada por bloques",
    request: {
      params: z.object({
        establishmentId: establishmentIdSchema.meta({ param: { name: 'establishmentId', in: 'path' } }),
      }),
      query: animalListQuerySchema.omit({ page: true, perPage: true }).extend({
        columns: exportColumnsParam.default([...ANIMAL_EXPORT_COLUMN_IDS]),
      }),
    },
    responses: {
      200: {
        description: 'La planilla',
        content: {
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
            schema: z.string().meta({ format: 'binary' }),
          },
        },
      },
      400: errorResponses[400],
      401: errorResponses[401],
      403: errorResponses[403],
    },
  },
  { in: 'param', establishment: 'establishmentId' },
)
