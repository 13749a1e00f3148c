import { z } from 'zod'
import { establishmentIdSchema } from '~/features/establishments/establishment.schema'
import { dashboardQuerySchema, dashboardSchema, summarySchema } from '~/features/insights/insights.schema'
import { errorResponses } from '../lib/errors'
import { establishmentRoute } from '../lib/guard'

/** Not given by the spec (section 7): designed for Resumen and Tablero (issue 20, docs/kpis.md). */
const params = z.object({ id: establishmentIdSchema.meta({ param: { name: 'id', in: 'path' } }) })

const errors = { 400: errorResponses[400], 401: errorResponses[401], 403: errorResponses[403] }

export const insightsSummaryRoute = establishmentRoute(
  {
    method: 'get',
    path: '/v2/establishments/{id}/insights/summary',
    tags: ['Insights'],
    summary:
      'Resumen: cabezas por categoría y rodeo, alertas activas, últimas sesiones, animales sin RFID, sin pesar en 90 días y pendientes de tacto',
    request: { params },
    responses: {
      200: {
        description: 'Resumen',
        content: { 'application/json': { schema: z.object({ data: summarySchema }) } },
      },
      ...errors,
    },
  },
  { in: 'param', establishment: 'id' },
)

export const insightsDashboardRoute = establishmentRoute(
  {
    method: 'get',
    path: '/v2/establishments/{id}/insights/dashboard',
    tags: ['Insights'],
    summary:
      'Tablero: reproducción, crecimiento y rodeo en un período (desde/hasta inclusive, 365 días por defecto), por rodeo y categoría actuales',
    request: { params, query: dashboardQuerySchema },
    responses: {
      200: {
        description: 'Tablero',
        content: { 'application/json': { schema: z.object({ data: dashboardSchema }) } },
      },
      ...errors,
    },
  },
  { in: 'param', establishment: 'id' },
)
