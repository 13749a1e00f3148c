import { Portal } from '@ark-ui/react/portal'
import { type ReactNode, useState } from 'react'
import { HStack, Stack, styled } from 'styled-system/jsx'
import { Button } from './button'
import * as Dialog from './dialog'

export interface ConfirmDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: ReactNode
  description: ReactNode
  /** An icon beside the title, in the tone's colour. */
  icon?: ReactNode
  /** 'danger' paints the confirm button red (deleting); 'neutral' keeps the accent. */
  tone?: 'danger' | 'neutral'
  confirmLabel: string
  /** Shown on the confirm button while the action runs, e.g. 'Eliminando...'. */
  busyLabel?: string
  /**
   * The action. While the returned promise is pending (or while `busy`) the confirm button shows a
   * spinner and the dialog cannot be dismissed. Closing afterwards is the caller's.
   */
  onConfirm: () => void | Promise<void>
  busy?: boolean
}

/** A question before an action that cannot be undone from here: Cancelar, or the action. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  icon,
  tone = 'neutral',
  confirmLabel,
  busyLabel,
  onConfirm,
  busy = false,
}: ConfirmDialogProps) {
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
      // An action under way cannot be called off.
      onOpenChange={(details) => !isBusy && onOpenChange(details.open)}
      closeOnInteractOutside={!isBusy}
      closeOnEscape={!isBusy}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content width="full" maxW="md" minW="0">
            <Stack gap="6" p="6">
              <HStack gap="4" alignItems="flex-start">
                {icon ? (
                  <styled.span
                    display="inline-flex"
                    flexShrink="0"
                    alignItems="center"
                    justifyContent="center"
                    boxSize="10"
                    borderRadius="full"
                    colorPalette={tone === 'danger' ? 'red' : 'amber'}
                    bg="colorPalette.a3"
                    color="colorPalette.text"
                    aria-hidden
                  >
                    {icon}
                  </styled.span>
                ) : null}
                <Stack gap="2">
                  <Dialog.Title>{title}</Dialog.Title>
                  <Dialog.Description>{description}</Dialog.Description>
                </Stack>
              </HStack>
              <HStack gap="3" justify="flex-end">
                <Button variant="outline" disabled={isBusy} onClick={() => onOpenChange(false)}>
                  Cancelar
                </Button>
                <Button
                  colorPalette={tone === 'danger' ? 'red' : undefined}
                  loading={isBusy}
                  loadingText={busyLabel}
                  onClick={() => void confirm()}
                >
                  {confirmLabel}
                </Button>
              </HStack>
            </Stack>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
