import { useQuery } from '@tanstack/react-query'
import { listAnimalsFn } from '~/features/animals/animals.functions'
import { MAX_PER_PAGE } from '~/features/animals/animals.list-params'
import type { SelectedAnimal } from './animal-moves.schema'

/**
 * The visual tags of a selection that may span pages: the rows on screen are known already, the
 * others are asked for by id (a page of up to 200 per request), only while a dialog needs them.
 */
export function useSelectedAnimals(
  establishmentId: number,
  selectedIds: readonly string[],
  knownTags: ReadonlyMap<string, string>,
  enabled: boolean,
) {
  const missing = selectedIds.filter((id) => !knownTags.has(id))
  const lookup = useQuery({
    queryKey: ['animals', establishmentId, 'tags', [...missing].sort()],
    enabled: enabled && missing.length > 0,
    staleTime: 60_000,
    queryFn: async () => {
      const found = new Map<string, string>()
      for (let start = 0; start < missing.length; start += MAX_PER_PAGE) {
        const chunk = missing.slice(start, start + MAX_PER_PAGE)
        const page = await listAnimalsFn({
          data: { establishmentId, query: { ids: chunk.join(','), perPage: MAX_PER_PAGE, status: 'todos' } },
        })
        for (const row of page.data) found.set(row.animal_id, row.visual_tag)
      }
      return found
    },
  })
  const animals: SelectedAnimal[] = selectedIds.flatMap((id) => {
    const visualTag = knownTags.get(id) ?? lookup.data?.get(id)
    return visualTag === undefined ? [] : [{ id, visualTag }]
  })
  return { animals, loading: missing.length > 0 && lookup.isPending && enabled }
}
