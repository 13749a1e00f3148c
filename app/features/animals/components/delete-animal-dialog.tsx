import { Portal } from '@ark-ui/react/portal'
import { useState } from 'react'
import { HStack, Stack } from 'styled-system/jsx'
import { Button } from '~/components/ui/button'
import * as Dialog from '~/components/ui/dialog'
import { toast } from '~/components/ui/toaster'
import type { ActionResult } from '~/features/auth/auth.functions'
import { ANIMAL_MESSAGES } from '../animal-record.schema'

export interface DeleteAnimalDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  visualTag: string
  /** Deletes the animal; the dialog shows the toast (spec section 8). */
  onConfirm: () => Promise<ActionResult>
  /** After a successful deletion (e.g. back to Animales). */
  onDeleted: () => void
}

/** The delete confirmation of spec section 2. Deleting keeps the animal's history (decision 004). */
export function DeleteAnimalDialog({
  open,
  onOpenChange,
  visualTag,
  onConfirm,
  onDeleted,
}: DeleteAnimalDialogProps) {
  const [busy, setBusy] = useState(false)

  async function confirm() {
    setBusy(true)
    try {
      const result = await onConfirm()
      if (result.ok) {
        toast.success(ANIMAL_MESSAGES.deleteSuccess)
        onOpenChange(false)
        onDeleted()
      } else {
        toast.error(ANIMAL_MESSAGES.deleteError, { description: `IDV: ${visualTag}. ${result.error}` })
      }
    } catch {
      toast.error(ANIMAL_MESSAGES.deleteError, { description: `IDV: ${visualTag}. Error desconocido` })
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog.Root
      role="alertdialog"
      open={open}
      onOpenChange={(details) => !busy && onOpenChange(details.open)}
      closeOnInteractOutside={!busy}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content width="full" maxW="md">
            <Stack gap="5" p="6">
              <Stack gap="2">
                <Dialog.Title>¿Eliminar el animal {visualTag}?</Dialog.Title>
                <Dialog.Description>
                  Dejará de figurar en las listas y sus caravanas quedarán libres. Sus pesadas, servicios,
                  diagnósticos y alertas se conservan en el historial del establecimiento.
                </Dialog.Description>
              </Stack>
              <HStack justify="end" gap="3">
                <Button variant="outline" disabled={busy} onClick={() => onOpenChange(false)}>
                  Cancelar
                </Button>
                <Button
                  colorPalette="red"
                  loading={busy}
                  loadingText="Eliminando..."
                  onClick={() => void confirm()}
                >
                  Eliminar
                </Button>
              </HStack>
            </Stack>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
