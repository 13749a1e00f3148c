import { useQuery, useQueryClient } from '@tanstack/react-query'
import { RepeatIcon } from 'lucide-react'
import { lazy, useMemo, useState } from 'react'
import { Button } from '~/components/ui/button'
import { LoadWhenOpened } from '~/components/ui/load-when-opened'
import { frameworkQueryOptions } from '~/features/establishments/establishments.queries'
import { refreshLists } from '~/lib/lists'
import { assignAnimalsFn } from '../animal-moves.functions'
import { useSelectedAnimals } from '../selected-animals'

// The dialog loads when 'Eventos' is pressed, not with the list (decision 026).
const EventsDialog = lazy(() =>
  import('./events-dialog').then((module) => ({ default: module.EventsDialog })),
)

export interface EventsActionProps {
  establishmentId: number
  /** Ids of the selected animals (across pages). */
  selectedIds: readonly string[]
  /** Visual tags already at hand (the rows on screen), by animal id. */
  knownTags: ReadonlyMap<string, string>
}

/** The table toolbar's events button (rodeo and category change) and its dialog. */
export function EventsAction({ establishmentId, selectedIds, knownTags }: EventsActionProps) {
  const queryClient = useQueryClient()
  const [open, setOpen] = useState(false)
  const framework = useQuery({ ...frameworkQueryOptions(establishmentId), enabled: open })
  const selected = useSelectedAnimals(establishmentId, selectedIds, knownTags, open)
  const rodeos = useMemo(() => framework.data?.establishment.rodeo ?? [], [framework.data])
  const categories = useMemo(() => framework.data?.general.animal_types ?? [], [framework.data])

  return (
    <>
      <Button
        variant="outline"
        size="sm"
        disabled={selectedIds.length === 0}
        title={selectedIds.length === 0 ? 'Seleccione animales para cambiar rodeo o categoría' : undefined}
        onClick={() => setOpen(true)}
      >
        <RepeatIcon size={16} aria-hidden /> Eventos
      </Button>
      <LoadWhenOpened open={open}>
        <EventsDialog
          open={open}
          onOpenChange={setOpen}
          animals={selected.animals}
          loadingAnimals={selected.loading}
          rodeos={rodeos}
          categories={categories}
          onApply={async (kind, targetId, animalIds) => {
            const result = await assignAnimalsFn({ data: { kind, targetId, animal_ids: animalIds } })
            if (result.ok) await refreshLists(queryClient)
            return result
          }}
        />
      </LoadWhenOpened>
    </>
  )
}
