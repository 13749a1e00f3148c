import { AUDIT_MESSAGES } from '~/features/audit/audit.schema'
import { listAuditEntries } from '~/features/audit/audit.server'
import { forbidden } from '~/lib/domain-errors'
import { pageEnvelope } from '~/lib/list-query'
import { createRouter } from '../lib/create-router'
import { allAuditRoute, establishmentAuditRoute } from './audit.routes'

/** The per-establishment route's guard checked admin rights; the global one is for superadmins. */
export const auditRouter = createRouter()
  .openapi(establishmentAuditRoute, async (c) => {
    const query = c.req.valid('query')
    const { rows, total, people } = await listAuditEntries(c.var.db, c.var.establishmentId, query)
    const { meta } = pageEnvelope(c.req.url, query.page, query.perPage, total, rows.length)
    return c.json({ data: rows, meta, people }, 200)
  })
  .openapi(allAuditRoute, async (c) => {
    if (!c.var.user.is_super_admin) throw forbidden(AUDIT_MESSAGES.notSuperAdmin)
    const query = c.req.valid('query')
    const { rows, total, people } = await listAuditEntries(c.var.db, query.establishment_id, query)
    const { meta } = pageEnvelope(c.req.url, query.page, query.perPage, total, rows.length)
    return c.json({ data: rows, meta, people }, 200)
  })
