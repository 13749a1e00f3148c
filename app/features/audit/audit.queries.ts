import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { listAuditFn } from './audit.functions'

export const auditKeys = {
  all: ['audit-log'] as const,
  page: (establishmentId: number, all: boolean, query: Record<string, string>) =>
    [...auditKeys.all, establishmentId, all, query] as const,
}

export const auditPageQueryOptions = (establishmentId: number, all: boolean, query: Record<string, string>) =>
  queryOptions({
    queryKey: auditKeys.page(establishmentId, all, query),
    queryFn: () => listAuditFn({ data: { establishmentId, all, query } }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  })
