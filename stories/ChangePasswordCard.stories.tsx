import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { Box } from 'styled-system/jsx'
import { ChangePasswordCard } from '~/features/users/components/change-password-card'
import { slowly } from './support'

const meta = {
  title: 'Usuarios/ChangePasswordCard',
  component: ChangePasswordCard,
  decorators: [
    (Story) => (
      <Box maxW="md">
        <Story />
      </Box>
    ),
  ],
  args: { onSubmit: fn(slowly(3000)) },
} satisfies Meta<typeof ChangePasswordCard>

export default meta
type Story = StoryObj<typeof meta>

/** Untouched: the button stays disabled until something changes. */
export const SinCambios: Story = {}

export const Errores: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.type(canvas.getByLabelText('Nueva contraseña'), 'campo')
    await userEvent.type(canvas.getByLabelText('Confirmar contraseña'), 'campo1')
    await userEvent.click(canvas.getByRole('button', { name: 'Cambiar contraseña' }))
    await expect(await canvas.findByText('La contraseña actual es obligatoria')).toBeVisible()
    await expect(canvas.getByText('La nueva contraseña debe tener al menos 8 caracteres')).toBeVisible()
    await expect(canvas.getByText('Las contraseñas no coinciden')).toBeVisible()
  },
}

export const Enviando: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.type(canvas.getByLabelText('Contraseña actual'), 'Anterior2025')
    await userEvent.type(canvas.getByLabelText('Nueva contraseña'), 'Pradera2026')
    await userEvent.type(canvas.getByLabelText('Confirmar contraseña'), 'Pradera2026')
    await userEvent.click(canvas.getByRole('button', { name: 'Cambiar contraseña' }))
    await expect(await canvas.findByRole('button', { name: 'Enviando...' })).toBeDisabled()
    await expect(args.onSubmit).toHaveBeenCalledWith({
      current_password: 'Anterior2025',
      new_password: 'Pradera2026',
    })
  },
}

/** Back from a change posted without JavaScript (`?error=wrongCurrentPassword`). */
export const ErrorSinJavaScript: Story = { args: { error: 'La contraseña actual no es correcta' } }
