import { Portal } from '@ark-ui/react/portal'
import { LogOutIcon } from 'lucide-react'
import { useState } from 'react'
import { HStack, Stack, styled } from 'styled-system/jsx'
import { Button } from '~/components/ui/button'
import * as Dialog from '~/components/ui/dialog'

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
export function LogoutDialog({ open, onOpenChange, onConfirm, busy = false }: LogoutDialogProps) {
  const [pending, setPending] = useState(false)
  const isBusy = busy || pending

  async function confirm() {
    setPending(true)
    try {
      await onConfirm()
    } finally {
      setPending(false)
    }
  }

  return (
    <Dialog.Root
      role="alertdialog"
      open={open}
      // A logout already under way cannot be called off.
      onOpenChange={(details) => !isBusy && onOpenChange(details.open)}
      closeOnInteractOutside={!isBusy}
      closeOnEscape={!isBusy}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content width="full" maxW="md" minW="0">
            <Stack gap="6" p="6">
              <HStack gap="4" alignItems="flex-start">
                <styled.span
                  display="inline-flex"
                  flexShrink="0"
                  alignItems="center"
                  justifyContent="center"
                  boxSize="10"
                  borderRadius="full"
                  bg="red.a3"
                  color="red.text"
                  aria-hidden
                >
                  <LogOutIcon size={18} />
                </styled.span>
                <Stack gap="2">
                  <Dialog.Title>¿Seguro que desea cerrar sesión?</Dialog.Title>
                  <Dialog.Description>
                    Será redirigido a la página de inicio de sesión y se perderá el trabajo que no haya
                    guardado.
                  </Dialog.Description>
                </Stack>
              </HStack>
              <HStack gap="3" justify="flex-end">
                <Dialog.CloseTrigger asChild>
                  <Button variant="outline" disabled={isBusy}>
                    Cancelar
                  </Button>
                </Dialog.CloseTrigger>
                <Button onClick={confirm} loading={isBusy}>
                  Continuar
                </Button>
              </HStack>
            </Stack>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
