import { Portal } from '@ark-ui/react/portal'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { XIcon } from 'lucide-react'
import { fn } from 'storybook/test'
import { HStack, Stack } from 'styled-system/jsx'
import { Button } from '~/components/ui/button'
import * as Dialog from '~/components/ui/dialog'

interface LogoutConfirmationProps {
  onContinue: () => void
}

/** The logout confirmation from the spec, as an example of composing a dialog. */
function LogoutConfirmation({ onContinue }: LogoutConfirmationProps) {
  return (
    <Dialog.Root>
      <Dialog.Trigger asChild>
        <Button variant="outline">Cerrar sesión</Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxW="md">
            <Stack gap="6" p="6">
              <Stack gap="2" pe="8">
                <Dialog.Title>¿Seguro que desea cerrar sesión?</Dialog.Title>
                <Dialog.Description>
                  Será redirigido a la página de inicio de sesión y se perderá el trabajo que no haya
                  guardado.
                </Dialog.Description>
              </Stack>
              <HStack gap="3" justify="flex-end">
                <Dialog.CloseTrigger asChild>
                  <Button variant="outline">Cancelar</Button>
                </Dialog.CloseTrigger>
                <Button onClick={onContinue}>Continuar</Button>
              </HStack>
            </Stack>
            <Dialog.CloseTrigger asChild position="absolute" top="3" right="3">
              <Button variant="ghost" size="sm" px="0" aspectRatio="square" aria-label="Cerrar">
                <XIcon />
              </Button>
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}

const meta = {
  title: 'UI/Dialog',
  component: LogoutConfirmation,
  args: { onContinue: fn() },
} satisfies Meta<typeof LogoutConfirmation>

export default meta
type Story = StoryObj<typeof meta>

export const ConfirmarCierreDeSesion: Story = {}
