import { z } from 'zod'
import { establishmentIdSchema } from '~/features/establishments/establishment.schema'
import {
  createRodeoSchema,
  RODEO_MESSAGES,
  rodeoCreatedSchema,
  rodeoListSchema,
} from '~/features/rodeos/rodeos.schema'
import { errorResponses } from '../lib/errors'
import { establishmentRoute } from '../lib/guard'

/** Not given by the spec (section 7): designed for Configuración → Crear rodeo (spec section 2). */
const params = z.object({ id: establishmentIdSchema.meta({ param: { name: 'id', in: 'path' } }) })

export const listRodeosRoute = establishmentRoute(
  {
    method: 'get',
    path: '/v2/establishments/{id}/rodeos',
    tags: ['Rodeos'],
    summary: 'Rodeos del establecimiento por nombre, con la cantidad de animales vivos de cada uno',
    request: { params },
    responses: {
      200: { description: 'Rodeos', content: { 'application/json': { schema: rodeoListSchema } } },
      400: errorResponses[400],
      401: errorResponses[401],
      403: errorResponses[403],
    },
  },
  { in: 'param', establishment: 'id' },
)

export const createRodeoRoute = establishmentRoute(
  {
    method: 'post',
    path: '/v2/establishments/{id}/rodeos',
    tags: ['Rodeos'],
    summary:
      'Crea un rodeo (solo administradores); el nombre es único en el establecimiento, sin distinguir mayúsculas',
    request: {
      params,
      body: { content: { 'application/json': { schema: createRodeoSchema } }, required: true },
    },
    responses: {
      201: { description: 'Rodeo creado', content: { 'application/json': { schema: rodeoCreatedSchema } } },
      400: errorResponses[400],
      401: errorResponses[401],
      403: errorResponses[403],
      409: { description: 'Ya existe un rodeo con ese nombre', content: errorResponses[400].content },
    },
  },
  { in: 'param', establishment: 'id', admin: RODEO_MESSAGES.notAdmin },
)
