import { Portal } from '@ark-ui/react/portal'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useCallback } from 'react'
import { Stack } from 'styled-system/jsx'
import * as Dialog from '~/components/ui/dialog'
import { frameworkQueryOptions } from '~/features/establishments/establishments.queries'
import { refreshLists } from '~/lib/lists'
import { createAnimalFn, deleteAnimalFn, pickAnimalsFn, updateAnimalFn } from '../animal-record.functions'
import { animalRecordKeys } from '../animal-record.queries'
import type { AnimalDetail, AnimalPickerQueryInput } from '../animal-record.schema'
import { AnimalForm, animalFormLookups } from './animal-form'
import type { PickerSource } from './animal-picker-dialog'
import { DeleteAnimalDialog } from './delete-animal-dialog'

/** The picker list of an establishment through the server function; stable per establishment. */
export function usePickerSource(establishmentId: number): PickerSource {
  return useCallback(
    (query: AnimalPickerQueryInput) => pickAnimalsFn({ data: { establishmentId, query } }),
    [establishmentId],
  )
}

/** A tall dialog holding an animal form; the form scrolls inside it. */
export function AnimalFormDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description: string
  children: ReactNode
}) {
  return (
    <Dialog.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} lazyMount unmountOnExit>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4" py="6" overflowY="auto" alignItems="flex-start">
          <Dialog.Content width="full" maxW="3xl" minW="0" my="auto">
            <Stack gap="5" p={{ base: '5', md: '6' }}>
              <Stack gap="1">
                <Dialog.Title>{title}</Dialog.Title>
                <Dialog.Description>{description}</Dialog.Description>
              </Stack>
              {children}
            </Stack>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}

/** 'Individual' of 'Agregar nuevo animal': the create form in a dialog, wired to the provider. */
export function CreateAnimalDialog({
  establishmentId,
  initialTag,
  open,
  onOpenChange,
  onCreated,
}: {
  establishmentId: number
  /** A tag to start from (an unknown tag at the chute). */
  initialTag?: string
  open: boolean
  onOpenChange: (open: boolean) => void
  onCreated?: (animal: AnimalDetail) => void
}) {
  const queryClient = useQueryClient()
  const framework = useQuery({ ...frameworkQueryOptions(establishmentId), enabled: open })
  const pickerSource = usePickerSource(establishmentId)
  return (
    <AnimalFormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Nuevo animal"
      description="Alta individual de un animal en el establecimiento."
    >
      <AnimalForm
        kind="create"
        establishmentId={establishmentId}
        initialTag={initialTag}
        lookups={animalFormLookups(framework.data)}
        pickerSource={pickerSource}
        onCancel={() => onOpenChange(false)}
        onSubmit={(values) => createAnimalFn({ data: { establishmentId, values } })}
        onDone={(animal) => {
          void refreshLists(queryClient)
          onOpenChange(false)
          onCreated?.(animal)
        }}
      />
    </AnimalFormDialog>
  )
}

/** The edit form of an animal in a dialog; 'Eliminar' there hands over to the delete confirmation. */
export function EditAnimalDialog({
  animal,
  open,
  onOpenChange,
  onSaved,
  onDeleteRequested,
}: {
  animal: AnimalDetail
  open: boolean
  onOpenChange: (open: boolean) => void
  onSaved?: (animal: AnimalDetail) => void
  onDeleteRequested: () => void
}) {
  const queryClient = useQueryClient()
  const establishmentId = animal.establishment_id
  const framework = useQuery({ ...frameworkQueryOptions(establishmentId), enabled: open })
  const pickerSource = usePickerSource(establishmentId)
  // Closing re-reads the animal: after a refused (stale) edit, the next opening starts from what a
  // colleague saved.
  const close = (next: boolean) => {
    if (!next) void queryClient.invalidateQueries({ queryKey: animalRecordKeys.record(animal.animal_id) })
    onOpenChange(next)
  }
  return (
    <AnimalFormDialog
      open={open}
      onOpenChange={close}
      title={`Editar animal ${animal.visual_tag}`}
      description="Modifique los datos y revise los cambios antes de guardar."
    >
      <AnimalForm
        kind="edit"
        animal={animal}
        lookups={animalFormLookups(framework.data)}
        pickerSource={pickerSource}
        onCancel={() => close(false)}
        onSubmit={(values) =>
          updateAnimalFn({
            data: { establishmentId, animalId: animal.animal_id, version: animal.version, values },
          })
        }
        onDone={(saved) => {
          void refreshLists(queryClient)
          onOpenChange(false)
          onSaved?.(saved)
        }}
        onDelete={() => {
          onOpenChange(false)
          onDeleteRequested()
        }}
      />
    </AnimalFormDialog>
  )
}

/** The delete confirmation wired to the provider; the lists refresh afterwards. */
export function DeleteAnimalAction({
  animal,
  open,
  onOpenChange,
  onDeleted,
}: {
  animal: Pick<AnimalDetail, 'animal_id' | 'establishment_id' | 'visual_tag' | 'version'>
  open: boolean
  onOpenChange: (open: boolean) => void
  onDeleted: () => void
}) {
  const queryClient = useQueryClient()
  return (
    <DeleteAnimalDialog
      open={open}
      onOpenChange={onOpenChange}
      visualTag={animal.visual_tag}
      onConfirm={() =>
        deleteAnimalFn({
          data: {
            establishmentId: animal.establishment_id,
            animalId: animal.animal_id,
            version: animal.version,
          },
        })
      }
      onDeleted={() => {
        onDeleted()
        void refreshLists(queryClient)
      }}
    />
  )
}
