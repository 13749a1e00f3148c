import { LogOutIcon } from 'lucide-react'
import { ConfirmDialog } from '~/components/ui/confirm-dialog'
import { readOutboxCount, unsyncedLabel } from '~/features/offline/outbox-count'

export interface LogoutDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /**
   * Logs out. While the returned promise is pending (or while `busy`), 'Continuar' shows a spinner
   * and the dialog cannot be dismissed. Closing the dialog afterwards is left to the caller, which
   * usually navigates away instead.
   */
  onConfirm: () => void | Promise<void>
  busy?: boolean
}

/** The logout confirmation (spec, screens). */
export function LogoutDialog(props: LogoutDialogProps) {
  return (
    <ConfirmDialog
      {...props}
      tone="danger"
      icon={<LogOutIcon size={18} />}
      title="¿Seguro que desea cerrar sesión?"
      description={`Será redirigido a la página de inicio de sesión y se perderá el trabajo que no haya guardado.${unsyncedWarning()}`}
      confirmLabel="Continuar"
    />
  )
}

/** Sign-out deletes the device's records (decision 040): said first when some are still unsent. */
function unsyncedWarning() {
  const { pending, review } = readOutboxCount()
  const total = pending + review
  return total === 0 ? '' : ` Este dispositivo tiene ${unsyncedLabel(total)}: se perderán.`
}
