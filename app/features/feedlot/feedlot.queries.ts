import { queryOptions } from '@tanstack/react-query'
import { feedlotBoardFn, penDetailFn } from './feedlot.functions'

export const feedlotKeys = {
  all: ['feedlot'] as const,
  establishment: (establishmentId: number) => [...feedlotKeys.all, establishmentId] as const,
  board: (establishmentId: number, date?: string) =>
    [...feedlotKeys.establishment(establishmentId), 'board', date ?? null] as const,
  pen: (establishmentId: number, rodeoId: number, date?: string) =>
    [...feedlotKeys.establishment(establishmentId), 'pen', rodeoId, date ?? null] as const,
}

export const feedlotBoardQueryOptions = (establishmentId: number, date?: string) =>
  queryOptions({
    queryKey: feedlotKeys.board(establishmentId, date),
    queryFn: () => feedlotBoardFn({ data: { establishmentId, date } }),
    staleTime: 30_000,
  })

export const penDetailQueryOptions = (establishmentId: number, rodeoId: number, date?: string) =>
  queryOptions({
    queryKey: feedlotKeys.pen(establishmentId, rodeoId, date),
    queryFn: () => penDetailFn({ data: { establishmentId, rodeoId, date } }),
    staleTime: 30_000,
  })
