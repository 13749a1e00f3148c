import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { listActiveAlertsFn } from './alerts.functions'

export interface ActiveAlertsFilters {
  visual_tag?: string
  description?: string
  page?: number
}

export const alertKeys = {
  all: ['alerts'] as const,
  active: (establishmentId: number, filters: ActiveAlertsFilters) =>
    [...alertKeys.all, establishmentId, 'active', filters] as const,
}

export const activeAlertsQueryOptions = (establishmentId: number, filters: ActiveAlertsFilters) =>
  queryOptions({
    queryKey: alertKeys.active(establishmentId, filters),
    queryFn: () => listActiveAlertsFn({ data: { establishmentId, query: filters } }),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  })
