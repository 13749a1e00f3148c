import { queryOptions } from '@tanstack/react-query'
import { getSessionFn, listSessionHeadersFn } from './cattle-handling.functions'
import type { CattleHandlingWork } from './cattle-handling.schema'

/** Session lists start with 'sessions', so the global reload flag (app/lib/lists.ts) refreshes them. */
export const sessionKeys = {
  all: ['sessions'] as const,
  headers: (establishmentId: number, work?: CattleHandlingWork) =>
    [...sessionKeys.all, establishmentId, 'headers', work ?? 'all'] as const,
  one: (id: number) => [...sessionKeys.all, 'one', id] as const,
}

/** Spec section 7: session lists are cached for 15 minutes (fresh that long, and kept that long unused). */
export const SESSION_STALE_TIME = 15 * 60_000

export const sessionHeadersQueryOptions = (establishmentId: number, work?: CattleHandlingWork) =>
  queryOptions({
    queryKey: sessionKeys.headers(establishmentId, work),
    queryFn: () => listSessionHeadersFn({ data: { establishmentId, work } }),
    staleTime: SESSION_STALE_TIME,
    gcTime: SESSION_STALE_TIME,
  })

/** A session's counters change with every record: always read fresh when asked. */
export const sessionQueryOptions = (id: number) =>
  queryOptions({
    queryKey: sessionKeys.one(id),
    queryFn: () => getSessionFn({ data: { id } }),
    staleTime: 0,
  })
