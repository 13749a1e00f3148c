import { queryOptions } from '@tanstack/react-query'
import {
  getCurrentEstablishmentFn,
  getFrameworkFn,
  listBoardsFn,
  listMyEstablishmentsFn,
} from './establishments.functions'

export const establishmentKeys = {
  all: ['establishments'] as const,
  mine: () => [...establishmentKeys.all, 'mine'] as const,
  current: () => [...establishmentKeys.all, 'current'] as const,
  framework: (establishmentId: number) => [...establishmentKeys.all, establishmentId, 'framework'] as const,
  boards: (establishmentId: number, dashboardTypeId: 1 | 2) =>
    [...establishmentKeys.all, establishmentId, 'boards', dashboardTypeId] as const,
}

export const myEstablishmentsQueryOptions = () =>
  queryOptions({
    queryKey: establishmentKeys.mine(),
    queryFn: () => listMyEstablishmentsFn(),
    staleTime: 5 * 60_000,
  })

export const currentEstablishmentQueryOptions = () =>
  queryOptions({
    queryKey: establishmentKeys.current(),
    queryFn: () => getCurrentEstablishmentFn(),
    staleTime: 5 * 60_000,
  })

export const boardsQueryOptions = (establishmentId: number, dashboardTypeId: 1 | 2) =>
  queryOptions({
    queryKey: establishmentKeys.boards(establishmentId, dashboardTypeId),
    queryFn: () => listBoardsFn({ data: { establishmentId, dashboardTypeId } }),
    staleTime: 5 * 60_000,
  })

/** Lookups change rarely: kept for the session of work, refreshed when the establishment is chosen. */
export const frameworkQueryOptions = (establishmentId: number) =>
  queryOptions({
    queryKey: establishmentKeys.framework(establishmentId),
    queryFn: () => getFrameworkFn({ data: { establishmentId } }),
    staleTime: 15 * 60_000,
  })
