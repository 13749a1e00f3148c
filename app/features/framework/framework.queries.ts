import { type QueryClient, queryOptions } from '@tanstack/react-query'
import { animalKeys } from '~/features/animals/animals.queries'
import { establishmentKeys } from '~/features/establishments/establishments.queries'
import { rodeoKeys } from '~/features/rodeos/rodeos.queries'
import { refreshLists } from '~/lib/lists'
import { listFrameworkItemsFn } from './framework.functions'
import type { FrameworkItem, FrameworkKind } from './framework.schema'

export const frameworkKeys = {
  all: ['framework-items'] as const,
  kind: (establishmentId: number, kind: FrameworkKind) =>
    [...frameworkKeys.all, establishmentId, kind] as const,
  list: (establishmentId: number, kind: FrameworkKind, includeArchived: boolean) =>
    [...frameworkKeys.kind(establishmentId, kind), includeArchived] as const,
}

export const frameworkItemsQueryOptions = <K extends FrameworkKind>(
  establishmentId: number,
  kind: K,
  includeArchived: boolean,
) =>
  queryOptions({
    queryKey: frameworkKeys.list(establishmentId, kind, includeArchived),
    queryFn: async () =>
      (await listFrameworkItemsFn({
        data: { establishmentId, kind, includeArchived },
      })) as FrameworkItem<K>[],
    staleTime: 60_000,
  })

/**
 * The queries a framework change alters (decision 033; it replaces 029's `rodeoChangedKeys`): the
 * kind's tables, every picker (the establishment framework), the animal list's filter options and,
 * for rodeos, the rodeo page's list.
 */
export const frameworkChangedKeys = (establishmentId: number, kind: FrameworkKind) => [
  frameworkKeys.kind(establishmentId, kind),
  establishmentKeys.framework(establishmentId),
  animalKeys.filterOptions(establishmentId),
  ...(kind === 'rodeos' ? [rodeoKeys.list(establishmentId)] : []),
]

/**
 * After a change: the keys above refetched now, inactive ones included (a picker opened next must
 * not show the old list first, decision 029), and the lists that name these items (animals, events,
 * sessions: a rename shows) marked stale the usual way.
 */
export async function refreshAfterFrameworkChange(
  queryClient: QueryClient,
  establishmentId: number,
  kind: FrameworkKind,
) {
  await Promise.all([
    ...frameworkChangedKeys(establishmentId, kind).map((queryKey) =>
      queryClient.invalidateQueries({ queryKey, refetchType: 'all' }),
    ),
    refreshLists(queryClient),
  ])
}
