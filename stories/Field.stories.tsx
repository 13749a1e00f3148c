import type { Meta, StoryObj } from '@storybook/react-vite'
import { Stack } from 'styled-system/jsx'
import * as Field from '~/components/ui/field'
import { Input } from '~/components/ui/input'

const meta = {
  title: 'UI/Field',
  component: Field.Root,
  decorators: [
    (Story) => (
      <Stack maxW="sm">
        <Story />
      </Stack>
    ),
  ],
} satisfies Meta<typeof Field.Root>

export default meta
type Story = StoryObj<typeof meta>

export const ConAyuda: Story = {
  render: (args) => (
    <Field.Root {...args}>
      <Field.Label>Nombre de la sesión</Field.Label>
      <Field.Input placeholder="Manga de otoño" />
      <Field.HelperText>Identifica la sesión en los listados.</Field.HelperText>
    </Field.Root>
  ),
}

export const ConError: Story = {
  args: { invalid: true },
  render: (args) => (
    <Field.Root {...args}>
      <Field.Label>Contraseña</Field.Label>
      <Field.Input type="password" defaultValue="1234" />
      <Field.ErrorText>La contraseña debe tener al menos 8 caracteres.</Field.ErrorText>
    </Field.Root>
  ),
}

export const Deshabilitado: Story = {
  args: { disabled: true },
  render: (args) => (
    <Field.Root {...args}>
      <Field.Label>Establecimiento</Field.Label>
      <Field.Input defaultValue="La Esperanza" />
    </Field.Root>
  ),
}

/** An input with no label of its own, such as a search box whose placeholder says what it is for. */
export const EntradaSuelta: Story = {
  render: () => <Input aria-label="Buscar Establecimiento" placeholder="Buscar Establecimiento" />,
}
