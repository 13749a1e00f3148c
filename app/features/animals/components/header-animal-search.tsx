import { useCallback } from 'react'
import { pickAnimalsFn } from '../animal-record.functions'
import { AnimalSearch } from './animal-search'

/** Suggestions shown at once: enough to pick from, small enough to stay instant. */
export const SEARCH_SUGGESTIONS = 8

/** The header's search over the establishment's live animals, through the picker list (mode all). */
export function EstablishmentAnimalSearch({
  establishmentId,
  onOpen,
}: {
  establishmentId: number
  onOpen: (visualTag: string) => void
}) {
  const source = useCallback(
    async (prefix: string) => {
      const page = await pickAnimalsFn({
        data: { establishmentId, query: { mode: 'all', visual_tag: prefix, perPage: SEARCH_SUGGESTIONS } },
      })
      return page.data
    },
    [establishmentId],
  )
  return <AnimalSearch source={source} onOpen={onOpen} />
}
