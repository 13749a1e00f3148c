import { Portal } from '@ark-ui/react/portal'
import { XIcon } from 'lucide-react'
import { useEffect } from 'react'
import { HStack, Stack } from 'styled-system/jsx'
import { Button } from '~/components/ui/button'
import * as Dialog from '~/components/ui/dialog'
import { startAutoSync } from '../outbox'
import { OutboxList } from './outbox-list'

export interface OutboxDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
}

/** 'Registros sin sincronizar': the outbox's lists, from the header's badge on any page. */
export function OutboxDialog({ open, onOpenChange }: OutboxDialogProps) {
  useEffect(() => startAutoSync(), [])
  return (
    <Dialog.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} lazyMount unmountOnExit>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px={{ base: '0', md: '4' }}>
          <Dialog.Content width="full" maxW="2xl" maxH="100dvh" overflowY="auto">
            <Stack gap="5" p={{ base: '4', md: '6' }}>
              <HStack justify="space-between" gap="3">
                <Dialog.Title>Registros sin sincronizar</Dialog.Title>
                <Dialog.CloseTrigger asChild>
                  <Button variant="ghost" size="sm" px="0" aspectRatio="square" aria-label="Cerrar ventana">
                    <XIcon />
                  </Button>
                </Dialog.CloseTrigger>
              </HStack>
              <OutboxList />
            </Stack>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
