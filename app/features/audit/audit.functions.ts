import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import { allAuditRoute, establishmentAuditRoute } from '~/api/audit/audit.routes'
import { provider } from '~/features/auth/session.server'
import { AUDIT_MESSAGES, type AuditPage } from './audit.schema'

/** A page of the audit log: one establishment's, or (superadmins) every establishment's. */
export const listAuditFn = createServerFn({ method: 'GET' })
  .validator(
    z.object({
      establishmentId: z.number().int().positive(),
      /** Superadmins: every establishment's log, optionally one of them (`establishment_id`). */
      all: z.boolean(),
      query: z.record(z.string(), z.string()),
    }),
  )
  .handler(async ({ data }): Promise<AuditPage> => {
    const query = new URLSearchParams(data.query)
    if (data.all) return provider().read(AUDIT_MESSAGES.listError, allAuditRoute, { query })
    return provider().read(AUDIT_MESSAGES.listError, establishmentAuditRoute, {
      param: { id: data.establishmentId },
      query,
    })
  })
