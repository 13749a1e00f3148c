import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { EventKind } from './event-kinds'
import type { EventPage } from './events.adapter'
import { listEventsFn } from './events.functions'
import type { EventListQueryInput, EventRowByKind } from './events-list.schema'

/** Event lists start with 'events', so the global reload flag (app/lib/lists.ts) refreshes them. */
export const eventKeys = {
  all: ['events'] as const,
  kind: (establishmentId: number, kind: EventKind) => [...eventKeys.all, establishmentId, kind] as const,
  list: (establishmentId: number, kind: EventKind, query: EventListQueryInput) =>
    [...eventKeys.kind(establishmentId, kind), 'list', query] as const,
}

/** Spec section 7: event lists are cached for 15 minutes (fresh that long, and kept that long unused). */
export const EVENT_LIST_STALE_TIME = 15 * 60_000

export const eventListQueryOptions = <K extends EventKind>(
  establishmentId: number,
  kind: K,
  query: EventListQueryInput,
) =>
  queryOptions({
    queryKey: eventKeys.list(establishmentId, kind, query),
    queryFn: (): Promise<EventPage<EventRowByKind[K]>> => fetchEvents(establishmentId, kind, query),
    staleTime: EVENT_LIST_STALE_TIME,
    gcTime: EVENT_LIST_STALE_TIME,
    placeholderData: keepPreviousData,
  })

/** The server function answers every kind's rows; the kind asked for tells which. */
export async function fetchEvents<K extends EventKind>(
  establishmentId: number,
  kind: K,
  query: EventListQueryInput,
): Promise<EventPage<EventRowByKind[K]>>
export async function fetchEvents(establishmentId: number, kind: EventKind, query: EventListQueryInput) {
  const searchParams: Record<string, string | number> = {}
  for (const [key, value] of Object.entries(query)) {
    if (typeof value === 'string' || typeof value === 'number') searchParams[key] = value
  }
  return listEventsFn({ data: { kind, establishmentId, query: searchParams } })
}
