import { queryOptions } from '@tanstack/react-query'
import { alertKeys } from '~/features/alerts/alerts.queries'
import { animalKeys } from '~/features/animals/animals.queries'
import { rodeoKeys } from '~/features/rodeos/rodeos.queries'
import { calvingKpisFn, listRiderRecordsFn, type RiderList, riderFormOptionsFn } from './riders.functions'
import type { RiderListQuery, RiderRecordKind, RiderRowByKind } from './riders.schema'

export const riderKeys = {
  all: ['rider-records'] as const,
  establishment: (establishmentId: number) => [...riderKeys.all, establishmentId] as const,
  list: (establishmentId: number, kind: RiderRecordKind, query: RiderListQuery) =>
    [...riderKeys.establishment(establishmentId), kind, query] as const,
  options: (establishmentId: number) => [...riderKeys.establishment(establishmentId), 'options'] as const,
  kpis: (establishmentId: number, seasonStart?: string) =>
    [...riderKeys.establishment(establishmentId), 'kpis', seasonStart ?? null] as const,
}

export const riderRecordsQueryOptions = <K extends RiderRecordKind>(
  establishmentId: number,
  kind: K,
  query: RiderListQuery,
) =>
  queryOptions({
    queryKey: riderKeys.list(establishmentId, kind, query),
    queryFn: () => listRiderRecordsFn({ data: { establishmentId, kind, query } }) as Promise<RiderList<K>>,
    staleTime: 60_000,
  })

export const calvingKpisQueryOptions = (establishmentId: number, seasonStart?: string) =>
  queryOptions({
    queryKey: riderKeys.kpis(establishmentId, seasonStart),
    queryFn: () => calvingKpisFn({ data: { establishmentId, seasonStart } }),
    staleTime: 60_000,
  })

/**
 * What a rider's write changes, refreshed at once (no stale head counts): the riders' tables and
 * KPIs, the animals (a calf born, a cow dead, an alert), the rodeos' head counts and the alerts.
 */
export const riderChangedKeys = (establishmentId: number) => [
  riderKeys.establishment(establishmentId),
  animalKeys.all,
  rodeoKeys.all,
  alertKeys.all,
]

export type { RiderRowByKind }

export const riderFormOptionsQueryOptions = (establishmentId: number) =>
  queryOptions({
    queryKey: riderKeys.options(establishmentId),
    queryFn: () => riderFormOptionsFn({ data: { establishmentId } }),
    staleTime: 5 * 60_000,
  })
