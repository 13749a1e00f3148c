import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { insightsDashboardFn, insightsSummaryFn } from './insights.functions'
import type { DashboardApiQuery } from './insights.view'

/** Under the 'insights' root, one of the global reload flag's roots (app/lib/lists.ts). */
export const insightKeys = {
  all: ['insights'] as const,
  summary: (establishmentId: number) => [...insightKeys.all, establishmentId, 'summary'] as const,
  dashboard: (establishmentId: number, query: DashboardApiQuery) =>
    [...insightKeys.all, establishmentId, 'dashboard', query] as const,
}

/** Built from the animal lists and events: cached like the animal lists (spec section 7, 5 minutes). */
const STALE_TIME = 5 * 60_000

export const insightsSummaryQueryOptions = (establishmentId: number) =>
  queryOptions({
    queryKey: insightKeys.summary(establishmentId),
    queryFn: () => insightsSummaryFn({ data: { establishmentId } }),
    staleTime: STALE_TIME,
  })

export const insightsDashboardQueryOptions = (establishmentId: number, query: DashboardApiQuery) =>
  queryOptions({
    queryKey: insightKeys.dashboard(establishmentId, query),
    queryFn: () => insightsDashboardFn({ data: { establishmentId, query } }),
    staleTime: STALE_TIME,
    // Changing a filter keeps the previous charts until the new ones arrive.
    placeholderData: keepPreviousData,
  })
