import { z } from 'zod'
import { assignAnimalsResponseSchema, assignAnimalsSchema } from '~/features/animal-moves/animal-moves.schema'
import {
  establishmentOfAnimals,
  RODEO_NOT_FOUND,
  rodeoEstablishment,
} from '~/features/animal-moves/animal-moves.server'
import { dbIdParam } from '~/lib/db-id'
import { errorResponses } from '../lib/errors'
import { establishmentRoute, resourceRoute } from '../lib/guard'

const targetParam = (description: string) =>
  z.object({
    id: dbIdParam(description).meta({ param: { name: 'id', in: 'path' } }),
  })

const responses = {
  200: {
    description: 'Todos los animales quedaron en el destino',
    content: { 'application/json': { schema: assignAnimalsResponseSchema } },
  },
  400: errorResponses[400],
  401: errorResponses[401],
  403: errorResponses[403],
  404: errorResponses[404],
} as const

export const assignToRodeoRoute = resourceRoute(
  {
    method: 'post',
    path: '/v2/animals/assign-to-rodeo/{id}',
    tags: ['Animales'],
    summary: 'Cambio de rodeo en bloque: todos los animales o ninguno, en una transacción',
    request: {
      params: targetParam('Rodeo inválido'),
      body: { content: { 'application/json': { schema: assignAnimalsSchema } }, required: true },
    },
    responses,
  },
  {
    in: 'param',
    // The rodeo names the establishment; an unknown rodeo and another establishment's answer alike.
    resource: (c, { id }) => rodeoEstablishment(c.var.db, id),
    notFound: RODEO_NOT_FOUND,
  },
)

export const assignToTypeRoute = establishmentRoute(
  {
    method: 'post',
    path: '/v2/animals/assign-to-type/{id}',
    tags: ['Animales'],
    summary: 'Cambio de categoría en bloque: todos los animales o ninguno, en una transacción',
    request: {
      params: targetParam('Categoría inválida'),
      body: { content: { 'application/json': { schema: assignAnimalsSchema } }, required: true },
    },
    responses,
  },
  {
    in: 'json',
    // Categories are shared by all establishments: the animals name the establishment, looked for
    // among the caller's own only (decision 010).
    establishment: (c, { animal_ids }) => establishmentOfAnimals(c.var.db, c.var.user, animal_ids),
  },
)
