import { queryOptions } from '@tanstack/react-query'
import { animalAlertsFn, animalEventsFn, getAnimalFn } from './animal-record.functions'
import { animalKeys } from './animals.queries'

/** Under the 'animals' root, so the global reload after a write (refreshLists) refreshes them too. */
export const animalRecordKeys = {
  record: (animalId: string) => [...animalKeys.all, 'record', animalId] as const,
  detail: (animalId: string) => [...animalRecordKeys.record(animalId), 'detail'] as const,
  events: (animalId: string) => [...animalRecordKeys.record(animalId), 'events'] as const,
  alerts: (animalId: string) => [...animalRecordKeys.record(animalId), 'alerts'] as const,
}

export const animalDetailQueryOptions = (animalId: string) =>
  queryOptions({
    queryKey: animalRecordKeys.detail(animalId),
    queryFn: () => getAnimalFn({ data: { animalId } }),
    staleTime: 60_000,
  })

export const animalEventsQueryOptions = (animalId: string) =>
  queryOptions({
    queryKey: animalRecordKeys.events(animalId),
    queryFn: () => animalEventsFn({ data: { animalId } }),
    staleTime: 5 * 60_000,
  })

export const animalAlertsQueryOptions = (animalId: string) =>
  queryOptions({
    queryKey: animalRecordKeys.alerts(animalId),
    queryFn: () => animalAlertsFn({ data: { animalId } }),
    staleTime: 60_000,
  })
