import { queryOptions } from '@tanstack/react-query'
import { animalKeys } from '~/features/animals/animals.queries'
import { establishmentKeys } from '~/features/establishments/establishments.queries'
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

/**
 * The queries a new rodeo changes: this list, the establishment framework (every rodeo picker) and
 * the animal list's filter options (its Rodeo filter).
 */
export const rodeoChangedKeys = (establishmentId: number) => [
  rodeoKeys.list(establishmentId),
  establishmentKeys.framework(establishmentId),
  animalKeys.filterOptions(establishmentId),
]
