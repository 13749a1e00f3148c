import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { animalFilterOptionsFn, findAnimalByTagFn, listAnimalsFn } from './animals.functions'
import type { AnimalListQueryInput } from './animals.schema'

export const animalKeys = {
  all: ['animals'] as const,
  lists: (establishmentId: number) => [...animalKeys.all, establishmentId, 'list'] as const,
  list: (establishmentId: number, query: AnimalListQueryInput) =>
    [...animalKeys.lists(establishmentId), query] as const,
  filterOptions: (establishmentId: number) => [...animalKeys.all, establishmentId, 'filter-options'] as const,
  byTag: (establishmentId: number, tag: string) =>
    [...animalKeys.all, establishmentId, 'by-tag', tag.trim().toLowerCase()] as const,
}

/** Spec section 7: animal lists are cached for 5 minutes. */
export const animalListQueryOptions = (establishmentId: number, query: AnimalListQueryInput) =>
  queryOptions({
    queryKey: animalKeys.list(establishmentId, query),
    queryFn: () =>
      listAnimalsFn({ data: { establishmentId, query: query as Record<string, string | number> } }),
    staleTime: 5 * 60_000,
    // Paging and filtering keep the previous rows on screen until the next ones arrive.
    placeholderData: keepPreviousData,
  })

/** Spec section 7: the filter options are cached for 1 minute. */
export const animalFilterOptionsQueryOptions = (establishmentId: number) =>
  queryOptions({
    queryKey: animalKeys.filterOptions(establishmentId),
    queryFn: () => animalFilterOptionsFn({ data: { establishmentId } }),
    staleTime: 60_000,
  })

/** The animal a tag names (null when none), for the chute and the detail page; refreshed with the lists. */
export const animalByTagQueryOptions = (establishmentId: number, tag: string) =>
  queryOptions({
    queryKey: animalKeys.byTag(establishmentId, tag),
    queryFn: () => findAnimalByTagFn({ data: { establishmentId, tag } }),
    staleTime: 60_000,
  })
