import { queryOptions } from '@tanstack/react-query'
import { getCurrentEstablishmentFn, listBoardsFn, listMyEstablishmentsFn } from './establishments.functions'

export const establishmentKeys = {
  all: ['establishments'] as const,
  mine: () => [...establishmentKeys.all, 'mine'] as const,
  current: () => [...establishmentKeys.all, 'current'] as const,
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
