import type { Meta, StoryObj } from '@storybook/react-vite'
import { HStack, Stack } from 'styled-system/jsx'
import { Button } from '~/components/ui/button'
import { Loading } from '~/components/ui/loading'
import { Spinner } from '~/components/ui/spinner'
import { toast } from '~/components/ui/toaster'

const meta = {
  title: 'UI/Feedback',
  component: Loading,
} satisfies Meta<typeof Loading>

export default meta
type Story = StoryObj<typeof meta>

export const Cargando: Story = {}

export const Spinners: Story = {
  render: () => (
    <HStack gap="4">
      <Spinner size="xs" />
      <Spinner size="sm" />
      <Spinner size="md" />
      <Spinner size="lg" />
      <Spinner size="xl" />
    </HStack>
  ),
}

/** Notifications disappear after 2 seconds; at most 5 show at once. */
export const Notificaciones: Story = {
  render: () => (
    <Stack direction="row" gap="3">
      <Button onClick={() => toast.success('Sesión creada correctamente.')}>Éxito</Button>
      <Button variant="outline" onClick={() => toast.error('No se pudo exportar el archivo.')}>
        Error
      </Button>
      <Button
        variant="subtle"
        onClick={() => {
          for (let index = 1; index <= 7; index++) toast(`Aviso ${index}`)
        }}
      >
        Siete avisos
      </Button>
    </Stack>
  ),
}
