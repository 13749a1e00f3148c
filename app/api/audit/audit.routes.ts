import { z } from 'zod'
import {
  AUDIT_MESSAGES,
  auditAllListQuerySchema,
  auditListQuerySchema,
  auditPageSchema,
} from '~/features/audit/audit.schema'
import { establishmentIdSchema } from '~/features/establishments/establishment.schema'
import { errorResponses } from '../lib/errors'
import { callerRoute, establishmentRoute } from '../lib/guard'

/** Designed, not in spec section 7 (decision 033): who changed what, newest first, paged in SQL. */
const params = z.object({ id: establishmentIdSchema.meta({ param: { name: 'id', in: 'path' } }) })
const page = { description: 'Auditoría', content: { 'application/json': { schema: auditPageSchema } } }

export const establishmentAuditRoute = establishmentRoute(
  {
    method: 'get',
    path: '/v2/establishments/{id}/audit-log',
    tags: ['Auditoría'],
    summary:
      'Auditoría del establecimiento (solo administradores): filtros por persona, entidad y fechas (AAAA-MM-DD)',
    request: { params, query: auditListQuerySchema },
    responses: {
      200: page,
      400: errorResponses[400],
      401: errorResponses[401],
      403: errorResponses[403],
    },
  },
  { in: 'param', establishment: 'id', admin: AUDIT_MESSAGES.notAdmin },
)

export const allAuditRoute = callerRoute({
  method: 'get',
  path: '/v2/audit-log',
  tags: ['Auditoría'],
  summary:
    'Auditoría de todos los establecimientos (solo superadministradores), con filtro por establecimiento',
  request: { query: auditAllListQuerySchema },
  responses: {
    200: page,
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
  },
})
