import { queryOptions } from '@tanstack/react-query'
import { listRodeosFn } from './rodeos.functions'

export const rodeoKeys = {
  all: ['rodeos'] as const,
  list: (establishmentId: number) => [...rodeoKeys.all, establishmentId] as const,
}

export const rodeosQueryOptions = (establishmentId: number) =>
  queryOptions({
    queryKey: rodeoKeys.list(establishmentId),
    queryFn: () => listRodeosFn({ data: { establishmentId } }),
    staleTime: 60_000,
  })
