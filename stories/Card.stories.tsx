import type { Meta, StoryObj } from '@storybook/react-vite'
import { Button } from '~/components/ui/button'
import * as Card from '~/components/ui/card'

const meta = {
  title: 'UI/Card',
  component: Card.Root,
} satisfies Meta<typeof Card.Root>

export default meta
type Story = StoryObj<typeof meta>

export const ConPie: Story = {
  render: (args) => (
    <Card.Root maxW="md" {...args}>
      <Card.Header>
        <Card.Title>Cambiar Contraseña</Card.Title>
        <Card.Description>La nueva contraseña debe tener al menos 8 caracteres.</Card.Description>
      </Card.Header>
      <Card.Footer gap="3">
        <Button variant="outline">Cancelar</Button>
        <Button>Guardar</Button>
      </Card.Footer>
    </Card.Root>
  ),
}
