import { ConfirmDialog } from '~/components/ui/confirm-dialog'
import { toast } from '~/components/ui/toaster'
import type { ActionResult } from '~/lib/action-result'
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
  async function confirm() {
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
    }
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      tone="danger"
      title={`¿Eliminar el animal ${visualTag}?`}
      description="Dejará de figurar en las listas y sus caravanas quedarán libres. Sus pesadas, servicios, diagnósticos y alertas se conservan en el historial del establecimiento."
      confirmLabel="Eliminar"
      busyLabel="Eliminando..."
      onConfirm={confirm}
    />
  )
}
