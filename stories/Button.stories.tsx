import type { Meta, StoryObj } from '@storybook/react-vite'
import { PlusIcon } from 'lucide-react'
import { fn } from 'storybook/test'
import { HStack } from 'styled-system/jsx'
import { Button } from '~/components/ui/button'

const meta = {
  title: 'UI/Button',
  component: Button,
  args: { children: 'Ingresar', onClick: fn() },
  argTypes: {
    variant: { control: 'inline-radio', options: ['solid', 'outline', 'ghost', 'subtle', 'link'] },
    size: { control: 'inline-radio', options: ['xs', 'sm', 'md', 'lg', 'xl', '2xl'] },
  },
} satisfies Meta<typeof Button>

export default meta
type Story = StoryObj<typeof meta>

export const Principal: Story = {}

export const Variantes: Story = {
  render: (args) => (
    <HStack gap="3">
      <Button {...args} variant="solid">
        Enviar
      </Button>
      <Button {...args} variant="outline">
        Cancelar
      </Button>
      <Button {...args} variant="subtle">
        Recargar
      </Button>
      <Button {...args} variant="ghost">
        Columnas
      </Button>
    </HStack>
  ),
}

export const ConIcono: Story = {
  args: {
    children: (
      <>
        <PlusIcon /> Nueva Sesión
      </>
    ),
  },
}

/** While a form is being sent the button is disabled and says so. */
export const Enviando: Story = {
  args: { type: 'submit', loading: true, loadingText: 'Enviando...', children: 'Enviar' },
}

/** Without a loading text the label keeps its place and the spinner covers it. */
export const CargandoSinTexto: Story = {
  args: { loading: true, children: 'Recargar', variant: 'outline' },
}

export const Deshabilitado: Story = {
  args: { disabled: true, children: 'Exportar' },
}
