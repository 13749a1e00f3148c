import { useQuery } from '@tanstack/react-query'
import { PawPrintIcon } from 'lucide-react'
import { useState } from 'react'
import { Stack } from 'styled-system/jsx'
import { Skeleton } from '~/components/ui/skeleton'
import { AnimalRfiCard } from '~/features/rfi/components/animal-rfi-card'
import { PlaceholderPage } from '~/features/shell/components/placeholder-page'
import {
  animalAlertsQueryOptions,
  animalDetailQueryOptions,
  animalEventsQueryOptions,
} from '../animal-record.queries'
import type { AnimalDetail } from '../animal-record.schema'
import { animalByTagQueryOptions } from '../animals.queries'
import { AnimalDetailView } from './animal-detail'
import { DeleteAnimalAction, EditAnimalDialog } from './animal-record-dialogs'

export interface AnimalDetailPageProps {
  establishmentId: number
  /** The tag of the address: an IDV (any case) or an RFID. */
  visualTag: string
  /** After a deletion: back to Animales. */
  onDeleted: () => void
  /** After an edit that changed the IDV, the address follows it. */
  onVisualTagChanged: (visualTag: string) => void
}

/** The detail page: resolves the address's tag to an animal of the establishment, then shows it. */
export function AnimalDetailPage({
  establishmentId,
  visualTag,
  onDeleted,
  onVisualTagChanged,
}: AnimalDetailPageProps) {
  const byTag = useQuery(animalByTagQueryOptions(establishmentId, visualTag))
  const animalId = byTag.data?.animal_id ?? ''
  const detail = useQuery({ ...animalDetailQueryOptions(animalId), enabled: animalId !== '' })
  const events = useQuery({ ...animalEventsQueryOptions(animalId), enabled: animalId !== '' })
  const alerts = useQuery({ ...animalAlertsQueryOptions(animalId), enabled: animalId !== '' })
  const [dialog, setDialog] = useState<'edit' | 'delete' | null>(null)
  // Kept while the delete dialog finishes, after the animal is gone from the queries.
  const [shown, setShown] = useState<AnimalDetail | null>(null)
  const animal = detail.data ?? shown

  if (byTag.isPending || (animalId !== '' && detail.isPending && !shown)) {
    return (
      <Stack gap="4" aria-busy>
        <Skeleton height="12" width="48" />
        <Skeleton height="40" />
        <Skeleton height="64" />
      </Stack>
    )
  }
  if (!animal) {
    return (
      <PlaceholderPage
        title="Vista no disponible"
        description={
          byTag.isError || detail.isError
            ? 'No se pudo cargar el animal. Intente de nuevo.'
            : `No hay ningún animal con la caravana ${visualTag} en este establecimiento.`
        }
        icon={PawPrintIcon}
      >
        {null}
      </PlaceholderPage>
    )
  }
  return (
    <>
      <AnimalDetailView
        animal={animal}
        events={events.data}
        eventsError={events.isError}
        alerts={alerts.data}
        onEdit={() => setDialog('edit')}
        onDelete={() => {
          setShown(animal)
          setDialog('delete')
        }}
      />
      <AnimalRfiCard animalId={animal.animal_id} />
      <EditAnimalDialog
        // A new version re-opens the form on the current values.
        key={`${animal.animal_id}-${animal.version}`}
        animal={animal}
        open={dialog === 'edit'}
        onOpenChange={(open) => setDialog(open ? 'edit' : null)}
        onSaved={(saved) => {
          if (saved.visual_tag !== animal.visual_tag) onVisualTagChanged(saved.visual_tag)
        }}
        onDeleteRequested={() => {
          setShown(animal)
          setDialog('delete')
        }}
      />
      <DeleteAnimalAction
        animal={animal}
        open={dialog === 'delete'}
        onOpenChange={(open) => {
          setDialog(open ? 'delete' : null)
          if (!open) setShown(null)
        }}
        onDeleted={onDeleted}
      />
    </>
  )
}
