import { queryOptions } from '@tanstack/react-query'
import { getSystemStatus } from './system.functions'

export const systemKeys = {
  all: ['system'] as const,
  status: () => [...systemKeys.all, 'status'] as const,
}

export const systemStatusQueryOptions = () =>
  queryOptions({ queryKey: systemKeys.status(), queryFn: () => getSystemStatus(), staleTime: 10_000 })
