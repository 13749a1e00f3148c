import { queryOptions } from '@tanstack/react-query'
import { animalRfiFn, listRfiTestsFn, rfiResultFn } from './rfi.functions'

export const rfiKeys = {
  all: ['rfi'] as const,
  establishment: (establishmentId: number) => [...rfiKeys.all, establishmentId] as const,
  tests: (establishmentId: number) => [...rfiKeys.establishment(establishmentId), 'tests'] as const,
  result: (establishmentId: number, testId: number) =>
    [...rfiKeys.establishment(establishmentId), 'result', testId] as const,
  animal: (animalId: string) => [...rfiKeys.all, 'animal', animalId] as const,
}

export const rfiTestsQueryOptions = (establishmentId: number) =>
  queryOptions({
    queryKey: rfiKeys.tests(establishmentId),
    queryFn: () => listRfiTestsFn({ data: { establishmentId } }),
    staleTime: 30_000,
  })

export const rfiResultQueryOptions = (establishmentId: number, testId: number) =>
  queryOptions({
    queryKey: rfiKeys.result(establishmentId, testId),
    queryFn: () => rfiResultFn({ data: { establishmentId, testId } }),
    staleTime: 30_000,
  })

export const animalRfiQueryOptions = (animalId: string) =>
  queryOptions({
    queryKey: rfiKeys.animal(animalId),
    queryFn: () => animalRfiFn({ data: { animalId } }),
    staleTime: 60_000,
  })
