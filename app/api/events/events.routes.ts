import { z } from 'zod'
import { establishmentIdSchema } from '~/features/establishments/establishment.schema'
import { EVENT_KIND_INFO, type EventKind } from '~/features/events/event-kinds'
import {
  CREATE_EVENT_SCHEMAS,
  deleteWeighingQuerySchema,
  UPDATE_EVENT_SCHEMAS,
} from '~/features/events/events.schema'
import { eventEstablishment, NOT_FOUND_MESSAGES } from '~/features/events/events.server'
import {
  EVENT_ROW_SCHEMAS,
  eventListQuerySchema,
  eventListResponseSchema,
} from '~/features/events/events-list.schema'
import { dbIdParam } from '~/lib/db-id'
import { errorResponses } from '../lib/errors'
import { establishmentRoute, type GuardContext, resourceRoute } from '../lib/guard'

const TAGS: Record<EventKind, string> = {
  'artificial-insemination': 'Inseminaciones',
  'pregnancy-check': 'Diagnósticos de gestación',
  preservice: 'Preservicios',
  weighing: 'Pesadas',
}

const ROW_IDS: Record<EventKind, string> = {
  'artificial-insemination': 'ArtificialInseminationList',
  'pregnancy-check': 'PregnancyCheckList',
  preservice: 'PreserviceList',
  weighing: 'WeighingList',
}

const establishmentParam = z.object({
  establishmentId: establishmentIdSchema.meta({ param: { name: 'establishmentId', in: 'path' } }),
})
const eventParam = z.object({
  id: dbIdParam('Registro inválido').meta({ param: { name: 'id', in: 'path' } }),
})

const byEstablishment = { in: 'param', establishment: 'establishmentId' } as const

/** An event id names its establishment: unknown and foreign events answer the same 404. */
const eventAccess = (kind: EventKind) =>
  ({
    in: 'param',
    resource: (c: GuardContext, { id }: { id: number }) => eventEstablishment(c.var.db, kind, id),
    notFound: NOT_FOUND_MESSAGES[kind],
  }) as const

const conflict = {
  description: 'El registro cambió desde que se leyó (versión vieja)',
  content: { 'application/json': { schema: z.object({ error: z.string() }) } },
}
/** A repeat in the session that the person did not confirm (decision 022). */
const repeated = {
  description:
    'El animal ya tiene un registro de este tipo en la sesión: se registra solo con confirm_repeat (decisión 022)',
  content: { 'application/json': { schema: z.object({ error: z.string() }) } },
}
const conflictOrRepeated = {
  description: `${conflict.description}, o ${repeated.description.charAt(0).toLowerCase()}${repeated.description.slice(1)}`,
  content: conflict.content,
}

/**
 * The routes of one kind of event (spec section 7): its list, its create and its edit. The paths
 * are the spec's, including the singular list path of weighings (`/weighing`).
 */
function eventRoutes<K extends EventKind>(kind: K) {
  const info = EVENT_KIND_INFO[kind]
  const rowSchema = EVENT_ROW_SCHEMAS[kind]
  const one = z.object({ message: z.string(), data: rowSchema })
  return {
    list: establishmentRoute(
      {
        method: 'get',
        path: `/v2/establishment/{establishmentId}/${info.listPath}`,
        tags: [TAGS[kind]],
        summary: `${info.plural} del establecimiento: filtradas, ordenadas y paginadas en la base`,
        request: { params: establishmentParam, query: eventListQuerySchema },
        responses: {
          200: {
            description: 'Una página',
            content: { 'application/json': { schema: eventListResponseSchema(rowSchema, ROW_IDS[kind]) } },
          },
          400: errorResponses[400],
          401: errorResponses[401],
          403: errorResponses[403],
        },
      },
      byEstablishment,
    ),
    create: establishmentRoute(
      {
        method: 'post',
        path: `/v2/establishment/{establishmentId}/${info.resourcePath}`,
        tags: [TAGS[kind]],
        summary: `Registra ${info.aSingular} en una sesión del establecimiento`,
        request: {
          params: establishmentParam,
          body: { content: { 'application/json': { schema: CREATE_EVENT_SCHEMAS[kind] } }, required: true },
        },
        responses: {
          201: { description: 'Registrado', content: { 'application/json': { schema: one } } },
          400: errorResponses[400],
          401: errorResponses[401],
          403: errorResponses[403],
          409: repeated,
        },
      },
      { ...byEstablishment, idempotent: true },
    ),
    update: resourceRoute(
      {
        method: 'patch',
        path: `/v2/${info.resourcePath}/{id}`,
        tags: [TAGS[kind]],
        summary: `Modifica ${info.aSingular}; el cuerpo indica la versión (version) en la que se basa`,
        request: {
          params: eventParam,
          body: { content: { 'application/json': { schema: UPDATE_EVENT_SCHEMAS[kind] } }, required: true },
        },
        responses: {
          200: { description: 'Modificado', content: { 'application/json': { schema: one } } },
          400: errorResponses[400],
          401: errorResponses[401],
          // Unknown and foreign events alike (ids of other establishments cannot be probed).
          404: errorResponses[404],
          409: conflictOrRepeated,
        },
      },
      eventAccess(kind),
    ),
  }
}

export const inseminationRoutes = eventRoutes('artificial-insemination')
export const pregnancyCheckRoutes = eventRoutes('pregnancy-check')
export const preserviceRoutes = eventRoutes('preservice')
export const weighingRoutes = eventRoutes('weighing')

export const deleteWeighingRoute = resourceRoute(
  {
    method: 'delete',
    path: '/v2/weighings/{id}',
    tags: [TAGS.weighing],
    summary: 'Elimina una pesada (con ?version=, sólo si nadie la modificó desde entonces)',
    request: { params: eventParam, query: deleteWeighingQuerySchema },
    responses: {
      200: {
        description: 'Eliminada',
        content: { 'application/json': { schema: z.object({ message: z.string() }) } },
      },
      400: errorResponses[400],
      401: errorResponses[401],
      404: errorResponses[404],
      409: conflict,
    },
  },
  eventAccess('weighing'),
)
