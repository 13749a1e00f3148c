import { z } from 'zod'
import { establishmentIdSchema } from '~/features/establishments/establishment.schema'
import {
  FRAMEWORK_BODY_SCHEMAS,
  type FRAMEWORK_KINDS,
  FRAMEWORK_MESSAGES,
  FRAMEWORK_NOUNS,
  type FrameworkKind,
  frameworkItemSchemas,
  frameworkListQuerySchema,
  frameworkMessageSchema,
} from '~/features/framework/framework.schema'
import { RODEO_MESSAGES } from '~/features/rodeos/rodeos.schema'
import { dbIdParam } from '~/lib/db-id'
import { errorResponses } from '../lib/errors'
import { establishmentRoute } from '../lib/guard'

/**
 * The establishment framework (spec section 3; designed, not in section 7: decision 033). Per kind,
 * under `/v2/establishments/{id}/{kind}` like decision 029's rodeos: list (any member), create, edit,
 * archive, restore and delete (administrators and superadministrators only; the guard refuses the
 * others before the handler runs).
 */

const TAG = 'Marco del establecimiento'
const params = z.object({ id: establishmentIdSchema.meta({ param: { name: 'id', in: 'path' } }) })
const itemParams = z.object({
  id: establishmentIdSchema.meta({ param: { name: 'id', in: 'path' } }),
  itemId: dbIdParam('Elemento inválido').meta({ param: { name: 'itemId', in: 'path' } }),
})
const conflictResponse = (description: string) => ({ description, content: errorResponses[400].content })

function kindRoutes<const K extends FrameworkKind>(kind: K) {
  const noun = FRAMEWORK_NOUNS[kind]
  const item = frameworkItemSchemas[kind] as (typeof frameworkItemSchemas)[K]
  const body = FRAMEWORK_BODY_SCHEMAS[kind] as (typeof FRAMEWORK_BODY_SCHEMAS)[K]
  const base = `/v2/establishments/{id}/${kind}` as const
  const admin = FRAMEWORK_MESSAGES.notAdmin(kind)
  const one = z.object({ message: z.string(), data: item })
  const writeResponses = {
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
    404: { description: `El ${noun.one} no existe`, content: errorResponses[400].content },
  }
  const list = establishmentRoute(
    {
      method: 'get',
      path: base,
      tags: [TAG],
      summary: `${noun.One}s del establecimiento por nombre (los archivados con include_archived=true)`,
      request: { params, query: frameworkListQuerySchema },
      responses: {
        200: {
          description: noun.many,
          content: { 'application/json': { schema: z.object({ data: z.array(item) }) } },
        },
        400: errorResponses[400],
        401: errorResponses[401],
        403: errorResponses[403],
      },
    },
    { in: 'param', establishment: 'id' },
  )
  const create = establishmentRoute(
    {
      method: 'post',
      path: base,
      tags: [TAG],
      summary: `Crea un ${noun.one} (solo administradores); el nombre es único en el establecimiento, sin distinguir mayúsculas ni acentos`,
      request: { params, body: { content: { 'application/json': { schema: body } }, required: true } },
      responses: {
        201: { description: `${noun.One} creado`, content: { 'application/json': { schema: one } } },
        400: errorResponses[400],
        401: errorResponses[401],
        403: errorResponses[403],
        409: conflictResponse('Ya existe uno con ese nombre'),
      },
    },
    // The rodeo's refusal keeps decision 029's text.
    { in: 'param', establishment: 'id', admin: kind === 'rodeos' ? RODEO_MESSAGES.notAdmin : admin },
  )
  const update = establishmentRoute(
    {
      method: 'patch',
      path: `${base}/{itemId}`,
      tags: [TAG],
      summary: `Modifica (o renombra) un ${noun.one} (solo administradores)`,
      request: {
        params: itemParams,
        body: { content: { 'application/json': { schema: body } }, required: true },
      },
      responses: {
        200: { description: `${noun.One} modificado`, content: { 'application/json': { schema: one } } },
        ...writeResponses,
        409: conflictResponse('Ya existe uno con ese nombre'),
      },
    },
    { in: 'param', establishment: 'id', admin },
  )
  const archive = establishmentRoute(
    {
      method: 'post',
      path: `${base}/{itemId}/archive`,
      tags: [TAG],
      summary: `Archiva un ${noun.one}: deja de ofrecerse en selectores y filtros; la historia lo sigue nombrando`,
      request: { params: itemParams },
      responses: {
        200: { description: `${noun.One} archivado`, content: { 'application/json': { schema: one } } },
        ...writeResponses,
        409: conflictResponse('No se puede archivar (un rodeo con animales)'),
      },
    },
    { in: 'param', establishment: 'id', admin },
  )
  const restore = establishmentRoute(
    {
      method: 'post',
      path: `${base}/{itemId}/restore`,
      tags: [TAG],
      summary: `Restaura un ${noun.one} archivado`,
      request: { params: itemParams },
      responses: {
        200: { description: `${noun.One} restaurado`, content: { 'application/json': { schema: one } } },
        ...writeResponses,
      },
    },
    { in: 'param', establishment: 'id', admin },
  )
  const remove = establishmentRoute(
    {
      method: 'delete',
      path: `${base}/{itemId}`,
      tags: [TAG],
      summary: `Elimina un ${noun.one} que nada usa; uno en uso se archiva`,
      request: { params: itemParams },
      responses: {
        200: {
          description: `${noun.One} eliminado`,
          content: { 'application/json': { schema: frameworkMessageSchema } },
        },
        ...writeResponses,
        409: conflictResponse('En uso: archívelo'),
      },
    },
    { in: 'param', establishment: 'id', admin },
  )
  return { list, create, update, archive, restore, remove }
}

export const FRAMEWORK_ROUTES = {
  rodeos: kindRoutes('rodeos'),
  bulls: kindRoutes('bulls'),
  inseminators: kindRoutes('inseminators'),
  riders: kindRoutes('riders'),
  origins: kindRoutes('origins'),
  owners: kindRoutes('owners'),
} satisfies Record<(typeof FRAMEWORK_KINDS)[number], unknown>
