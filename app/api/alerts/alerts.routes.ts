import { z } from 'zod'
import {
  activeAlertsQuerySchema,
  activeAlertsResponseSchema,
  alertSchema,
  createAlertsSchema,
  markAlertsReadSchema,
} from '~/features/alerts/alerts.schema'
import { ALERT_NOT_FOUND, establishmentsOfAlerts, ONE_ALERT_NOT_FOUND } from '~/features/alerts/alerts.server'
import { establishmentOfAnimals } from '~/features/animal-moves/animal-moves.server'
import { ANIMAL_MESSAGES } from '~/features/animals/animal-record.schema'
import { animalEstablishment } from '~/features/animals/animal-record.server'
import { establishmentIdSchema } from '~/features/establishments/establishment.schema'
import { dbIdParam } from '~/lib/db-id'
import { errorResponses } from '../lib/errors'
import { establishmentRoute, resourceRoute } from '../lib/guard'

const markResult = z
  .object({
    message: z.string(),
    data: z.object({ alerts: z.number().int(), updated: z.number().int() }),
  })
  .meta({ id: 'MarkAlertsReadResult' })

export const createAlertsRoute = establishmentRoute(
  {
    method: 'post',
    path: '/v2/alerts',
    tags: ['Alertas'],
    summary:
      'Crea alertas (una por animal) en una transacción; los animales deben ser de un mismo establecimiento',
    request: { body: { content: { 'application/json': { schema: createAlertsSchema } }, required: true } },
    responses: {
      201: {
        description: 'Alertas creadas',
        content: {
          'application/json': { schema: z.object({ message: z.string(), data: z.array(alertSchema) }) },
        },
      },
      400: errorResponses[400],
      401: errorResponses[401],
      403: errorResponses[403],
    },
  },
  {
    in: 'json',
    // The animals name the establishment, looked for among the caller's own only (decision 010).
    establishment: (c, { alerts }) =>
      establishmentOfAnimals(
        c.var.db,
        c.var.user,
        alerts.map((alert) => alert.animal_id),
      ),
  },
)

export const markAlertReadRoute = resourceRoute(
  {
    method: 'patch',
    path: '/v2/alerts/{id}/mark-as-read',
    tags: ['Alertas'],
    summary: 'Marca una alerta como leída (deja de estar activa)',
    request: {
      params: z.object({
        id: dbIdParam('Alerta inválida').meta({ param: { name: 'id', in: 'path' } }),
      }),
    },
    responses: {
      200: { description: 'Alerta leída', content: { 'application/json': { schema: markResult } } },
      400: errorResponses[400],
      401: errorResponses[401],
      403: errorResponses[403],
      404: errorResponses[404],
    },
  },
  {
    in: 'param',
    resource: (c, { id }) => establishmentsOfAlerts(c.var.db, [id]),
    notFound: ONE_ALERT_NOT_FOUND,
  },
)

export const markAlertsReadRoute = resourceRoute(
  {
    method: 'patch',
    path: '/v2/alerts/mark-as-read',
    tags: ['Alertas'],
    summary: 'Marca varias alertas como leídas: todas o ninguna',
    request: { body: { content: { 'application/json': { schema: markAlertsReadSchema } }, required: true } },
    responses: {
      200: { description: 'Alertas leídas', content: { 'application/json': { schema: markResult } } },
      400: errorResponses[400],
      401: errorResponses[401],
      403: errorResponses[403],
      404: errorResponses[404],
    },
  },
  {
    in: 'json',
    resource: (c, { ids }) => establishmentsOfAlerts(c.var.db, ids),
    notFound: ({ ids }) => (ids.length === 1 ? ONE_ALERT_NOT_FOUND : ALERT_NOT_FOUND),
  },
)

/** Not given by the spec (section 7): designed for the 'Gestionar Alertas' tab. See decision 010. */
export const activeAlertsRoute = establishmentRoute(
  {
    method: 'get',
    path: '/v2/establishments/{id}/alerts',
    tags: ['Alertas'],
    summary:
      'Alertas activas del establecimiento, las más recientes primero, filtrables por IDV y descripción',
    request: {
      params: z.object({ id: establishmentIdSchema.meta({ param: { name: 'id', in: 'path' } }) }),
      query: activeAlertsQuerySchema,
    },
    responses: {
      200: {
        description: 'Una página de alertas activas',
        content: { 'application/json': { schema: activeAlertsResponseSchema } },
      },
      400: errorResponses[400],
      401: errorResponses[401],
      403: errorResponses[403],
    },
  },
  { in: 'param', establishment: 'id' },
)

export const animalAlertsRoute = resourceRoute(
  {
    method: 'get',
    path: '/v2/animals/{id}/alerts',
    tags: ['Alertas'],
    summary: 'Alertas activas de un animal (un animal desconocido o de otro establecimiento responde 404)',
    request: {
      params: z.object({
        id: z.string().meta({ param: { name: 'id', in: 'path' }, description: 'uuid del animal' }),
      }),
    },
    responses: {
      200: {
        description: 'Las alertas activas del animal',
        content: { 'application/json': { schema: z.object({ data: z.array(alertSchema) }) } },
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
