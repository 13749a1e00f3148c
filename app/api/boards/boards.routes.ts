import { z } from 'zod'
import { BOARD_MESSAGES, boardInputSchema, boardSavedSchema } from '~/features/boards/boards.schema'
import { establishmentIdSchema } from '~/features/establishments/establishment.schema'
import { dbIdParam } from '~/lib/db-id'
import { errorResponses } from '../lib/errors'
import { establishmentRoute } from '../lib/guard'

/**
 * Spec section 7 lists 'Dashboard boards' (path not shown, loaded by token and establishment id):
 * reading is `GET /v2/establishments/{id}/boards` (establishments.routes.ts); writing, designed here
 * (decision 038), sits under the same path and is for the establishment's administradores.
 */
const params = z.object({ id: establishmentIdSchema.meta({ param: { name: 'id', in: 'path' } }) })
const boardParams = params.extend({
  boardId: dbIdParam(BOARD_MESSAGES.notFound).meta({ param: { name: 'boardId', in: 'path' } }),
})
const body = { content: { 'application/json': { schema: boardInputSchema } }, required: true }
const refusals = {
  400: errorResponses[400],
  401: errorResponses[401],
  403: errorResponses[403],
}

export const createBoardRoute = establishmentRoute(
  {
    method: 'post',
    path: '/v2/establishments/{id}/boards',
    tags: ['Tableros'],
    summary:
      'Crea un tablero (solo administradores); marcarlo predeterminado desmarca el anterior de su tipo',
    request: { params, body },
    responses: {
      201: { description: 'Tablero creado', content: { 'application/json': { schema: boardSavedSchema } } },
      ...refusals,
    },
  },
  { in: 'param', establishment: 'id', admin: BOARD_MESSAGES.notAdmin },
)

export const updateBoardRoute = establishmentRoute(
  {
    method: 'put',
    path: '/v2/establishments/{id}/boards/{boardId}',
    tags: ['Tableros'],
    summary: 'Reemplaza un tablero (solo administradores)',
    request: { params: boardParams, body },
    responses: {
      200: {
        description: 'Tablero actualizado',
        content: { 'application/json': { schema: boardSavedSchema } },
      },
      ...refusals,
      404: errorResponses[404],
    },
  },
  { in: 'param', establishment: 'id', admin: BOARD_MESSAGES.notAdmin },
)

export const deleteBoardRoute = establishmentRoute(
  {
    method: 'delete',
    path: '/v2/establishments/{id}/boards/{boardId}',
    tags: ['Tableros'],
    summary: 'Elimina un tablero (solo administradores)',
    request: { params: boardParams },
    responses: {
      200: {
        description: 'Tablero eliminado',
        content: { 'application/json': { schema: z.object({ message: z.string() }) } },
      },
      ...refusals,
      404: errorResponses[404],
    },
  },
  { in: 'param', establishment: 'id', admin: BOARD_MESSAGES.notAdmin },
)
